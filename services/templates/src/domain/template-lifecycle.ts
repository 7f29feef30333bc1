import { TEMPLATE_STATUSES, type TemplateStatus } from '@inbox/contracts';
import { DomainError } from '@inbox/platform';

/** What a user (or the service) does to a template. WhatsApp's own events: applyStatusEvent. */
export type TemplateAction =
  | 'save_draft'
  | 'update_draft'
  | 'submit'
  | 'create'
  | 'edit'
  | 'remove'
  | 'delete_in_provider'
  | 'duplicate'
  | 'send';

export interface TemplateTransition {
  action: TemplateAction;
  /** Where the action is allowed; null = no template yet. */
  from: readonly (TemplateStatus | null)[];
  /** The status afterwards; 'same' = the action keeps it. */
  to: TemplateStatus | 'same';
}

const ALL: readonly TemplateStatus[] = TEMPLATE_STATUSES;
const except = (...left: TemplateStatus[]) => ALL.filter((s) => !left.includes(s));

/** The lifecycle as built. Everything not listed is refused with INVALID_TRANSITION. */
export const TEMPLATE_TRANSITIONS: readonly TemplateTransition[] = [
  { action: 'save_draft', from: [null], to: 'DRAFT' },
  { action: 'update_draft', from: ['DRAFT'], to: 'DRAFT' },
  { action: 'submit', from: ['DRAFT'], to: 'PENDING' },
  { action: 'create', from: [null], to: 'PENDING' },
  // WhatsApp edits only these, and reviews the edit again (REF §5).
  { action: 'edit', from: ['APPROVED', 'REJECTED', 'PAUSED'], to: 'PENDING' },
  { action: 'remove', from: except('REMOVED'), to: 'REMOVED' },
  // A DRAFT is not in WhatsApp; WhatsApp refuses to delete a DISABLED template (REF §5). A template
  // removed only here may still exist there, so it can still be deleted there.
  { action: 'delete_in_provider', from: except('DRAFT', 'DISABLED'), to: 'REMOVED' },
  { action: 'duplicate', from: ALL, to: 'same' },
  { action: 'send', from: ['APPROVED'], to: 'same' },
];

/** How a refusal names an action: "Cannot <phrase> a template that is <status>". */
const PHRASES: Partial<Record<TemplateAction, string>> = {
  save_draft: 'save as a draft',
  update_draft: 'update the draft of',
  delete_in_provider: 'delete from WhatsApp',
};

const rowOf = (action: TemplateAction) => TEMPLATE_TRANSITIONS.find((row) => row.action === action)!;

export const allows = (action: TemplateAction, from: TemplateStatus | null): boolean =>
  rowOf(action).from.includes(from);

/** The status after `action`, or a `conflict` DomainError (code INVALID_TRANSITION). */
export function nextStatus(from: TemplateStatus | null, action: TemplateAction): TemplateStatus {
  const row = rowOf(action);
  if (!row.from.includes(from))
    throw new DomainError(
      'conflict',
      'INVALID_TRANSITION',
      `Cannot ${PHRASES[action] ?? action} a template that is ${from ?? 'new'}`,
    );
  return row.to === 'same' ? from! : row.to;
}

export const canSubmit = (status: TemplateStatus): boolean => allows('submit', status);
export const canUpdateDraft = (status: TemplateStatus): boolean => allows('update_draft', status);
export const canEditInProvider = (status: TemplateStatus): boolean => allows('edit', status);
export const canDeleteInProvider = (status: TemplateStatus): boolean => allows('delete_in_provider', status);
export const canSend = (status: TemplateStatus): boolean => allows('send', status);

/**
 * WhatsApp's template statuses (list answers) → ours. ARCHIVED (unused for long; unarchived on
 * request) is not sendable for a while, like PAUSED; PENDING_DELETION and DELETED are gone for
 * sending; LIMIT_EXCEEDED means WhatsApp did not take it (too many templates); FLAGGED is still
 * sendable. Anything new from WhatsApp counts as PENDING: not sendable, not final.
 */
export const PROVIDER_STATUSES: Readonly<Record<string, TemplateStatus>> = {
  APPROVED: 'APPROVED',
  PENDING: 'PENDING',
  REJECTED: 'REJECTED',
  PAUSED: 'PAUSED',
  DISABLED: 'DISABLED',
  IN_APPEAL: 'IN_APPEAL',
  FLAGGED: 'APPROVED',
  ARCHIVED: 'PAUSED',
  LIMIT_EXCEEDED: 'REJECTED',
  PENDING_DELETION: 'REMOVED',
  DELETED: 'REMOVED',
};

export const statusFromProvider = (metaStatus: string): TemplateStatus =>
  PROVIDER_STATUSES[metaStatus.toUpperCase()] ?? 'PENDING';

/** The `value` of a `message_template_status_update` webhook (the fields we read). */
export interface StatusUpdateValue {
  event: string;
  reason?: string | null;
  other_info?: { title?: string; description?: string } | null;
  rejection_info?: { reason?: string; recommendation?: string } | null;
  disable_info?: { disable_date?: number | string } | null;
}

export interface StatusChangeOutcome {
  status: TemplateStatus;
  /** What happened, as WhatsApp named it (UNARCHIVED, REINSTATED, FLAGGED, …). */
  event: string;
  reason: string | null;
  /** WhatsApp's `rejection_info` (reason and recommendation), to show verbatim. */
  rejectionInfo: { reason?: string; recommendation?: string } | null;
}

/**
 * Event → status. The event is what happened, not always the status: REINSTATED and UNARCHIVED
 * make it sendable again; FLAGGED and LOCKED leave the status as it is but belong in the history.
 */
export const STATUS_EVENTS: Readonly<Record<string, TemplateStatus | 'same'>> = {
  ...PROVIDER_STATUSES,
  FLAGGED: 'same',
  LOCKED: 'same',
  REINSTATED: 'APPROVED',
  UNARCHIVED: 'APPROVED',
};

/**
 * A status webhook applied to the current status. null = ignore it: a template that is a DRAFT
 * (not in WhatsApp) or REMOVED (soft-deleted or gone: final here), an unknown event, a plain repeat
 * (same event, same status), or an event older than the last change recorded.
 */
export function applyStatusEvent(
  current: TemplateStatus,
  value: StatusUpdateValue,
  timing: { eventAt?: Date; lastChangeAt?: Date } = {},
): StatusChangeOutcome | null {
  if (current === 'DRAFT' || current === 'REMOVED') return null;
  const event = String(value.event ?? '').toUpperCase();
  const next = STATUS_EVENTS[event];
  if (!next) return null;
  if (timing.eventAt && timing.lastChangeAt && isOlder(timing.eventAt, timing.lastChangeAt)) return null;
  const status = next === 'same' ? current : next;
  if (status === current && event === current) return null;
  const reason = value.reason && value.reason !== 'NONE' ? value.reason : (value.other_info?.title ?? null);
  return { status, event, reason, rejectionInfo: value.rejection_info ?? null };
}

/** Webhook times are whole seconds: an event in the same second as our change is not older. */
const isOlder = (eventAt: Date, lastChangeAt: Date): boolean =>
  eventAt.getTime() < Math.floor(lastChangeAt.getTime() / 1000) * 1000;
