import type { TemplateRow } from '../../db/repositories/templates.repository';
import { canonicalJson, planSync, syncedRow, type RemoteTemplate } from './sync-plan';

const READ_AT = new Date('2026-05-01T12:00:00Z');
const BEFORE = new Date('2026-05-01T11:00:00Z');
const AFTER = new Date('2026-05-01T12:00:01Z');
const components = [{ type: 'BODY', text: 'Hola {{1}}', example: { body_text: [['Ana']] } }];

const local = (overrides: Partial<TemplateRow> = {}): TemplateRow => ({
  id: 'local-1',
  orgId: 1,
  name: 'order_ready',
  language: 'es_MX',
  category: 'UTILITY',
  requestedCategory: null,
  status: 'APPROVED',
  components,
  parameterFormat: 'POSITIONAL',
  folder: 'orders',
  inboxCategory: 'sales',
  providerTemplateId: '1001',
  rejectedReason: null,
  rejectionDetails: null,
  qualityRating: 'GREEN',
  headerMediaId: null,
  providerEventAt: null,
  goneFromWhatsAppAt: null,
  editingUntil: null,
  createdAt: BEFORE,
  updatedAt: BEFORE,
  ...overrides,
});

const remote = (overrides: Partial<RemoteTemplate> = {}): RemoteTemplate => ({
  providerTemplateId: '1001',
  name: 'order_ready',
  language: 'es_MX',
  status: 'APPROVED',
  category: 'UTILITY',
  components: canonicalJson(components),
  parameterFormat: 'POSITIONAL',
  qualityRating: 'GREEN',
  rejectedReason: 'NONE',
  ...overrides,
});

describe('planSync', () => {
  it.each<[string, TemplateRow | undefined, RemoteTemplate, ReturnType<typeof planSync>]>([
    ['a template only WhatsApp has is created', undefined, remote(), { kind: 'create' }],
    [
      'a template WhatsApp deleted is not created',
      undefined,
      remote({ status: 'REMOVED' }),
      { kind: 'unchanged' },
    ],
    ['the same template is unchanged', local(), remote(), { kind: 'unchanged' }],
    [
      'a draft is never touched',
      local({ status: 'DRAFT' }),
      remote({ status: 'PENDING' }),
      { kind: 'unchanged' },
    ],
    [
      'a template removed here is never brought back',
      local({ status: 'REMOVED' }),
      remote(),
      { kind: 'unchanged' },
    ],
    [
      'a template gone from WhatsApp that is listed again comes back',
      local({ status: 'REMOVED', goneFromWhatsAppAt: BEFORE }),
      remote({ status: 'PAUSED' }),
      { kind: 'update', patch: { status: 'PAUSED', goneFromWhatsAppAt: null }, changes: [] },
    ],
    [
      'a template gone from WhatsApp that is listed as deleted stays gone',
      local({ status: 'REMOVED', goneFromWhatsAppAt: BEFORE }),
      remote({ status: 'REMOVED' }),
      { kind: 'unchanged' },
    ],
    [
      'a template changed after the listing was read is left to the newer change',
      local({ status: 'PENDING', updatedAt: AFTER }),
      remote(),
      { kind: 'unchanged' },
    ],
    [
      'a new status is taken without an update event',
      local({ status: 'PENDING' }),
      remote(),
      { kind: 'update', patch: { status: 'APPROVED' }, changes: [] },
    ],
    [
      'a category WhatsApp chose is taken',
      local(),
      remote({ category: 'MARKETING' }),
      { kind: 'update', patch: { category: 'MARKETING' }, changes: ['category'] },
    ],
    [
      'new components replace the stored ones',
      local(),
      remote({ components: canonicalJson([{ type: 'BODY', text: 'Adiós' }]) }),
      { kind: 'update', patch: { components: [{ type: 'BODY', text: 'Adiós' }] }, changes: ['components'] },
    ],
    [
      'components found equal while reading are not compared again',
      local(),
      remote({ components: null }),
      { kind: 'unchanged' },
    ],
    [
      'a rating is taken; a missing one keeps the stored rating',
      local({ qualityRating: 'GREEN' }),
      remote({ qualityRating: 'RED' }),
      { kind: 'update', patch: { qualityRating: 'RED' }, changes: ['quality_rating'] },
    ],
    [
      'no rating in the listing keeps the stored one',
      local(),
      remote({ qualityRating: null }),
      { kind: 'unchanged' },
    ],
    [
      'a rejection keeps its reason',
      local({ status: 'PENDING' }),
      remote({ status: 'REJECTED', rejectedReason: 'PROMOTIONAL' }),
      {
        kind: 'update',
        patch: { status: 'REJECTED', rejectedReason: 'PROMOTIONAL' },
        changes: ['rejected_reason'],
      },
    ],
    [
      'a rejection without a reason keeps the one a webhook gave',
      local({ status: 'REJECTED', rejectedReason: 'INVALID_FORMAT', rejectionDetails: { reason: 'x' } }),
      remote({ status: 'REJECTED', rejectedReason: 'NONE' }),
      { kind: 'unchanged' },
    ],
    [
      'leaving REJECTED clears the reason and the details',
      local({ status: 'REJECTED', rejectedReason: 'INVALID_FORMAT', rejectionDetails: { reason: 'x' } }),
      remote({ status: 'APPROVED' }),
      {
        kind: 'update',
        patch: { status: 'APPROVED', rejectedReason: null, rejectionDetails: null },
        changes: ['rejected_reason'],
      },
    ],
    [
      'a template whose id was never stored is linked',
      local({ providerTemplateId: null, status: 'PENDING' }),
      remote(),
      { kind: 'update', patch: { providerTemplateId: '1001', status: 'APPROVED' }, changes: [] },
    ],
    [
      'a template deleted in WhatsApp becomes REMOVED, gone from WhatsApp',
      local(),
      remote({ status: 'REMOVED' }),
      { kind: 'update', patch: { status: 'REMOVED', goneFromWhatsAppAt: READ_AT }, changes: [] },
    ],
  ])('%s', (_rule, stored, listed, decision) => {
    expect(planSync(stored, listed, READ_AT)).toEqual(decision);
  });
});

describe('canonicalJson', () => {
  it('ignores the order of object keys (jsonb reorders them) but not of arrays', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }] })).toBe(canonicalJson({ a: [{ x: 1, y: 2 }], b: 1 }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });
});

describe('syncedRow', () => {
  it('keeps the reason only of a rejected template', () => {
    expect(syncedRow(remote({ status: 'REJECTED', rejectedReason: 'SCAM' }))).toMatchObject({
      status: 'REJECTED',
      rejectedReason: 'SCAM',
      components,
    });
    expect(syncedRow(remote({ rejectedReason: 'SCAM' })).rejectedReason).toBeNull();
  });
});
