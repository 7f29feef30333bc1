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
  // WhatsApp refuses to delete a DISABLED template (REF §5). A DRAFT was never in WhatsApp: it is
  // removed here without asking WhatsApp. A template removed only here may still exist there, so it
  // can still be deleted there.
  { action: 'delete_in_provider', from: except('DISABLED'), to: 'REMOVED' },
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
 * Whether something WhatsApp dated `eventAt` happened before `localAt`. Webhook times are whole
 * seconds (`entry[].time`), so an event in the same second as `localAt` is not before it.
 */
export const happenedBefore = (eventAt: Date, localAt: Date): boolean =>
  eventAt.getTime() < Math.floor(localAt.getTime() / 1000) * 1000;

/**
 * A webhook is stale when its event happened before the latest word about the template that
 * WhatsApp gave (an earlier webhook's event time) or was given (when this service asked WhatsApp to
 * create, submit or edit it). Event time against event time: when a webhook is processed, and local
 * changes WhatsApp never saw (a folder, a removal here), play no part.
 */
export const isStaleEvent = (eventAt: Date | undefined, lastEventAt: Date | null | undefined): boolean =>
  eventAt !== undefined &&
  lastEventAt !== null &&
  lastEventAt !== undefined &&
  happenedBefore(eventAt, lastEventAt);

/**
 * A status webhook applied to the current status. null = ignore it: a template that is a DRAFT
 * (not in WhatsApp) or REMOVED here by a user (final here), an unknown event, a plain repeat (same
 * event, same status), or a stale event (see isStaleEvent). A template REMOVED because a sync found
 * it gone from WhatsApp (`goneFromWhatsApp`) takes the status a webhook shows it in again.
 */
export function applyStatusEvent(
  current: TemplateStatus,
  value: StatusUpdateValue,
  timing: { eventAt?: Date; lastEventAt?: Date | null } = {},
  options: { goneFromWhatsApp?: boolean } = {},
): StatusChangeOutcome | null {
  if (current === 'DRAFT') return null;
  const gone = current === 'REMOVED' && options.goneFromWhatsApp === true;
  if (current === 'REMOVED' && !gone) return null;
  const event = String(value.event ?? '').toUpperCase();
  const next = STATUS_EVENTS[event];
  if (!next) return null;
  if (isStaleEvent(timing.eventAt, timing.lastEventAt)) return null;
  // Gone from WhatsApp: only an event that names a live status brings it back.
  if (gone && (next === 'same' || next === 'REMOVED')) return null;
  const status = next === 'same' ? current : next;
  if (status === current && event === current) return null;
  const reason = value.reason && value.reason !== 'NONE' ? value.reason : (value.other_info?.title ?? null);
  return { status, event, reason, rejectionInfo: value.rejection_info ?? null };
}

/** What a change re-checked after a WhatsApp call compares: the row as read before, and as locked after. */
export interface ObservedTemplate {
  status: TemplateStatus;
  updatedAt: Date;
  /** The template's `provider_event_at`: only status webhooks and this service's own calls move it. */
  providerEventAt: Date | null;
}

/**
 * The status an edit WhatsApp took (asked at `calledAt`) leaves, re-checked on the locked row:
 * `conflict` when anyone but WhatsApp changed the template while WhatsApp was being asked (removed
 * here, edited again, synced, relabelled); else PENDING (WhatsApp reviews the edit), unless a status
 * webhook dated at or after the call arrived meanwhile: that is WhatsApp's review of this edit, and
 * it stays (an approval is never overwritten by the PENDING of the edit it approved).
 */
export function statusAfterEdit(change: {
  read: ObservedTemplate;
  locked: ObservedTemplate;
  calledAt: Date;
  /** The components or category differ from what was read (another edit, a sync). */
  contentChanged: boolean;
}): TemplateStatus | 'conflict' {
  const { read, locked, calledAt } = change;
  if (locked.status === 'REMOVED' || change.contentChanged) return 'conflict';
  const webhookSince =
    locked.providerEventAt !== null && locked.providerEventAt.getTime() !== read.providerEventAt?.getTime();
  const changed = locked.updatedAt.getTime() !== read.updatedAt.getTime() || locked.status !== read.status;
  if (changed && !webhookSince) return 'conflict';
  if (!webhookSince && !allows('edit', locked.status)) return 'conflict';
  return webhookSince && !happenedBefore(locked.providerEventAt!, calledAt) ? locked.status : 'PENDING';
}
