import { TEMPLATE_STATUSES, type TemplateStatus } from '@inbox/contracts';
import type { DomainError } from '@inbox/platform';
import {
  applyStatusEvent,
  canDeleteInProvider,
  canEditInProvider,
  canSend,
  canSubmit,
  canUpdateDraft,
  nextStatus,
  statusFromProvider,
  TEMPLATE_TRANSITIONS,
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
    ['DRAFT', true, true, false, false, false],
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

  it('ignores an event older than the last change, but not one of the same second', () => {
    const lastChangeAt = new Date('2026-05-01T10:00:00.700Z');
    const late = { eventAt: new Date('2026-05-01T09:59:59Z'), lastChangeAt };
    const sameSecond = { eventAt: new Date('2026-05-01T10:00:00Z'), lastChangeAt };
    expect(applyStatusEvent('PENDING', ev('REJECTED'), late)).toBeNull();
    expect(applyStatusEvent('PENDING', ev('APPROVED'), sameSecond)?.status).toBe('APPROVED');
  });
});
