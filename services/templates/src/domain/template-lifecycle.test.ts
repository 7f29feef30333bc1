import { TEMPLATE_STATUSES, type TemplateStatus } from '@inbox/contracts';
import type { DomainError } from '@inbox/platform';
import {
  applyStatusEvent,
  canDeleteInProvider,
  canEditInProvider,
  canSend,
  canSubmit,
  canUpdateDraft,
  isStaleEvent,
  nextStatus,
  statusAfterEdit,
  statusFromProvider,
  TEMPLATE_TRANSITIONS,
  type ObservedTemplate,
  type StatusUpdateValue,
  type TemplateAction,
} from './template-lifecycle';

type From = TemplateStatus | null;

const ALLOWED: [TemplateAction, From, TemplateStatus][] = [
  ['save_draft', null, 'DRAFT'],
  ['update_draft', 'DRAFT', 'DRAFT'],
  ['submit', 'DRAFT', 'PENDING'],
  ['create', null, 'PENDING'],
  ['edit', 'APPROVED', 'PENDING'],
  ['edit', 'REJECTED', 'PENDING'],
  ['edit', 'PAUSED', 'PENDING'],
  ['remove', 'DRAFT', 'REMOVED'],
  ['remove', 'PENDING', 'REMOVED'],
  ['remove', 'APPROVED', 'REMOVED'],
  ['remove', 'REJECTED', 'REMOVED'],
  ['remove', 'PAUSED', 'REMOVED'],
  ['remove', 'DISABLED', 'REMOVED'],
  ['remove', 'IN_APPEAL', 'REMOVED'],
  ['delete_in_provider', 'DRAFT', 'REMOVED'],
  ['delete_in_provider', 'PENDING', 'REMOVED'],
  ['delete_in_provider', 'APPROVED', 'REMOVED'],
  ['delete_in_provider', 'REJECTED', 'REMOVED'],
  ['delete_in_provider', 'PAUSED', 'REMOVED'],
  ['delete_in_provider', 'IN_APPEAL', 'REMOVED'],
  ['delete_in_provider', 'REMOVED', 'REMOVED'],
  ['duplicate', 'DRAFT', 'DRAFT'],
  ['duplicate', 'PENDING', 'PENDING'],
  ['duplicate', 'APPROVED', 'APPROVED'],
  ['duplicate', 'REJECTED', 'REJECTED'],
  ['duplicate', 'PAUSED', 'PAUSED'],
  ['duplicate', 'DISABLED', 'DISABLED'],
  ['duplicate', 'IN_APPEAL', 'IN_APPEAL'],
  ['duplicate', 'REMOVED', 'REMOVED'],
  ['send', 'APPROVED', 'APPROVED'],
];

describe('template lifecycle: allowed transitions', () => {
  it.each(ALLOWED)('%s from %s → %s', (action, from, to) => {
    expect(nextStatus(from, action)).toBe(to);
  });

  it('the table holds exactly these rows, so table and test cannot drift apart', () => {
    const rows = TEMPLATE_TRANSITIONS.flatMap((row) => row.from.map((from) => `${row.action}:${from}`));
    expect(rows.sort()).toEqual(ALLOWED.map(([action, from]) => `${action}:${from}`).sort());
  });
});

describe('template lifecycle: everything else is refused', () => {
  const allowed = new Set(
    TEMPLATE_TRANSITIONS.flatMap((row) => row.from.map((from) => `${row.action}:${from}`)),
  );
  const refused = TEMPLATE_TRANSITIONS.flatMap((row) =>
    [null, ...TEMPLATE_STATUSES]
      .filter((from) => !allowed.has(`${row.action}:${from}`))
      .map((from) => [row.action, from] as [TemplateAction, From]),
  );

  it.each(refused)('%s from %s', (action, from) => {
    expect(() => nextStatus(from, action)).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'INVALID_TRANSITION' }) as DomainError,
    );
  });

  it('says what was refused and why', () => {
    expect(() => nextStatus('APPROVED', 'submit')).toThrow('Cannot submit a template that is APPROVED');
    expect(() => nextStatus('DISABLED', 'delete_in_provider')).toThrow(
      'Cannot delete from WhatsApp a template that is DISABLED',
    );
    expect(() => nextStatus('APPROVED', 'update_draft')).toThrow(
      'Cannot update the draft of a template that is APPROVED',
    );
    expect(() => nextStatus('PENDING', 'save_draft')).toThrow(
      'Cannot save as a draft a template that is PENDING',
    );
  });
});

describe('can… predicates', () => {
  it.each<[TemplateStatus, boolean, boolean, boolean, boolean, boolean]>([
    // status, submit, update draft, edit in WhatsApp, delete in WhatsApp, send
    ['DRAFT', true, true, false, true, false],
    ['PENDING', false, false, false, true, false],
    ['APPROVED', false, false, true, true, true],
    ['REJECTED', false, false, true, true, false],
    ['PAUSED', false, false, true, true, false],
    ['DISABLED', false, false, false, false, false],
    ['IN_APPEAL', false, false, false, true, false],
    ['REMOVED', false, false, false, true, false],
  ])('%s', (status, submit, updateDraft, edit, deleteInProvider, send) => {
    expect([
      canSubmit(status),
      canUpdateDraft(status),
      canEditInProvider(status),
      canDeleteInProvider(status),
      canSend(status),
    ]).toEqual([submit, updateDraft, edit, deleteInProvider, send]);
  });
});

describe('statusFromProvider', () => {
  it.each<[string, TemplateStatus]>([
    ['APPROVED', 'APPROVED'],
    ['PENDING', 'PENDING'],
    ['REJECTED', 'REJECTED'],
    ['PAUSED', 'PAUSED'],
    ['DISABLED', 'DISABLED'],
    ['IN_APPEAL', 'IN_APPEAL'],
    ['FLAGGED', 'APPROVED'],
    ['ARCHIVED', 'PAUSED'],
    ['LIMIT_EXCEEDED', 'REJECTED'],
    ['PENDING_DELETION', 'REMOVED'],
    ['DELETED', 'REMOVED'],
    ['approved', 'APPROVED'],
    ['SOMETHING_NEW', 'PENDING'],
  ])('%s → %s', (meta, ours) => {
    expect(statusFromProvider(meta)).toBe(ours);
  });
});

describe('applyStatusEvent', () => {
  const ev = (event: string, extra: Partial<StatusUpdateValue> = {}): StatusUpdateValue => ({
    event,
    ...extra,
  });

  it.each<[string, TemplateStatus, StatusUpdateValue, TemplateStatus, string | null]>([
    // what, current, webhook value, status afterwards, reason kept
    ['approved after review', 'PENDING', ev('APPROVED', { reason: 'NONE' }), 'APPROVED', null],
    [
      'rejected with its reason',
      'PENDING',
      ev('REJECTED', { reason: 'INVALID_FORMAT' }),
      'REJECTED',
      'INVALID_FORMAT',
    ],
    [
      'paused for quality',
      'APPROVED',
      ev('PAUSED', { other_info: { title: 'FIRST_PAUSE' } }),
      'PAUSED',
      'FIRST_PAUSE',
    ],
    ['unpaused', 'PAUSED', ev('APPROVED', { other_info: { title: 'UNPAUSE' } }), 'APPROVED', 'UNPAUSE'],
    [
      'disabled',
      'PAUSED',
      ev('DISABLED', { reason: 'NONE', other_info: { title: 'DISABLED' } }),
      'DISABLED',
      'DISABLED',
    ],
    ['in appeal', 'REJECTED', ev('IN_APPEAL'), 'IN_APPEAL', null],
    ['reinstated after appeal', 'IN_APPEAL', ev('REINSTATED'), 'APPROVED', null],
    ['back to review after an edit', 'APPROVED', ev('PENDING'), 'PENDING', null],
    ['flagged: still approved', 'APPROVED', ev('FLAGGED'), 'APPROVED', null],
    [
      'locked: status unchanged',
      'PAUSED',
      ev('LOCKED', { other_info: { title: 'SECOND_PAUSE' } }),
      'PAUSED',
      'SECOND_PAUSE',
    ],
    ['archived', 'APPROVED', ev('ARCHIVED'), 'PAUSED', null],
    ['unarchived', 'PAUSED', ev('UNARCHIVED'), 'APPROVED', null],
    ['unarchived while approved: history only', 'APPROVED', ev('UNARCHIVED'), 'APPROVED', null],
    ['limit exceeded', 'PENDING', ev('LIMIT_EXCEEDED'), 'REJECTED', null],
    ['pending deletion', 'APPROVED', ev('PENDING_DELETION', { reason: null }), 'REMOVED', null],
    ['deleted', 'DISABLED', ev('DELETED'), 'REMOVED', null],
    ['event in lower case', 'PENDING', ev('approved'), 'APPROVED', null],
  ])('%s', (_what, current, value, status, reason) => {
    expect(applyStatusEvent(current, value)).toEqual(
      expect.objectContaining({ status, reason, event: value.event.toUpperCase() }),
    );
  });

  it('keeps the rejection details to show them verbatim', () => {
    const info = { reason: 'Parameters next to each other', recommendation: 'Separate them' };
    expect(
      applyStatusEvent('PENDING', ev('REJECTED', { reason: 'INVALID_FORMAT', rejection_info: info })),
    ).toEqual({
      status: 'REJECTED',
      event: 'REJECTED',
      reason: 'INVALID_FORMAT',
      rejectionInfo: info,
    });
  });

  it.each<[string, TemplateStatus, StatusUpdateValue]>([
    ['a DRAFT is not in WhatsApp', 'DRAFT', ev('APPROVED')],
    ['a REMOVED template stays removed', 'REMOVED', ev('APPROVED')],
    ['a late event for a REMOVED template', 'REMOVED', ev('PAUSED')],
    ['an unknown event', 'APPROVED', ev('SOMETHING_NEW')],
    ['an empty event', 'APPROVED', ev('')],
    ['a plain repeat', 'APPROVED', ev('APPROVED')],
    ['a repeated rejection', 'REJECTED', ev('REJECTED', { reason: 'INVALID_FORMAT' })],
  ])('ignores %s', (_what, current, value) => {
    expect(applyStatusEvent(current, value)).toBeNull();
  });

  it('ignores an event older than the last word of or to WhatsApp, but not one of the same second', () => {
    const lastEventAt = new Date('2026-05-01T10:00:00.700Z');
    const late = { eventAt: new Date('2026-05-01T09:59:59Z'), lastEventAt };
    const sameSecond = { eventAt: new Date('2026-05-01T10:00:00Z'), lastEventAt };
    expect(applyStatusEvent('PENDING', ev('REJECTED'), late)).toBeNull();
    expect(applyStatusEvent('PENDING', ev('APPROVED'), sameSecond)?.status).toBe('APPROVED');
    // Nothing known yet, or no event time: never stale.
    expect(
      applyStatusEvent('PENDING', ev('APPROVED'), { eventAt: late.eventAt, lastEventAt: null }),
    ).not.toBeNull();
    expect(applyStatusEvent('PENDING', ev('APPROVED'), { lastEventAt })).not.toBeNull();
  });

  it.each<[string, StatusUpdateValue, TemplateStatus | null]>([
    ['approved again', ev('APPROVED'), 'APPROVED'],
    ['paused', ev('PAUSED'), 'PAUSED'],
    ['reinstated', ev('REINSTATED'), 'APPROVED'],
    ['flagged: its status is not known', ev('FLAGGED'), null],
    ['deleted: still gone', ev('DELETED'), null],
    ['an unknown event', ev('SOMETHING_NEW'), null],
  ])('a template gone from WhatsApp comes back when %s', (_what, value, status) => {
    expect(applyStatusEvent('REMOVED', value, {}, { goneFromWhatsApp: true })?.status ?? null).toBe(status);
    // Removed here by a user: final, whatever WhatsApp says.
    expect(applyStatusEvent('REMOVED', value, {}, { goneFromWhatsApp: false })).toBeNull();
  });
});

describe('isStaleEvent', () => {
  const at = (iso: string) => new Date(`2026-05-01T${iso}Z`);
  it.each<[string, Date | undefined, Date | null, boolean]>([
    ['before the last word', at('10:00:00'), at('10:00:01.200'), true],
    ['in the same second', at('10:00:01'), at('10:00:01.200'), false],
    ['after it', at('10:00:02'), at('10:00:01.200'), false],
    ['nothing known yet', at('10:00:00'), null, false],
    ['no event time', undefined, at('10:00:01'), false],
  ])('%s', (_what, eventAt, lastEventAt, stale) => {
    expect(isStaleEvent(eventAt, lastEventAt)).toBe(stale);
  });
});

describe('statusAfterEdit', () => {
  const T = (s: number) => new Date(Date.UTC(2026, 4, 1, 10, 0, s, 500));
  const read: ObservedTemplate = { status: 'APPROVED', updatedAt: T(0), providerEventAt: T(0) };
  const calledAt = T(10);
  // The approval webhook's time is whole seconds: in the call's second is not before it.
  const webhook = (status: TemplateStatus, second: number, touched = true): ObservedTemplate => ({
    status,
    updatedAt: touched ? T(second + 1) : read.updatedAt,
    providerEventAt: new Date(Date.UTC(2026, 4, 1, 10, 0, second)),
  });

  it.each<[string, ObservedTemplate, boolean, TemplateStatus | 'conflict']>([
    ['nothing happened meanwhile: in review', read, false, 'PENDING'],
    [
      'approved (a repeat) in the call’s second: stays approved',
      webhook('APPROVED', 10, false),
      false,
      'APPROVED',
    ],
    ['rejected after the call: stays rejected', webhook('REJECTED', 12), false, 'REJECTED'],
    ['a late webhook about the version before: in review', webhook('PAUSED', 5), false, 'PENDING'],
    ['removed here meanwhile', { ...read, status: 'REMOVED', updatedAt: T(11) }, false, 'conflict'],
    [
      'edited again meanwhile',
      { ...read, status: 'PENDING', updatedAt: T(11), providerEventAt: T(11) },
      true,
      'conflict',
    ],
    ['relabelled or synced meanwhile', { ...read, updatedAt: T(11) }, false, 'conflict'],
  ])('%s', (_what, locked, contentChanged, expected) => {
    expect(statusAfterEdit({ read, locked, calledAt, contentChanged })).toBe(expected);
  });
});
