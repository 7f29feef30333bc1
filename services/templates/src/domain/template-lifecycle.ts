import type { TemplateStatus } from '@inbox/contracts';

/** What a user (or sync) does to a template; provider events are separate (applyStatusEvent). */
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
  from: readonly (TemplateStatus | null)[];
  /** The status afterwards; 'same' = unchanged (the action is allowed and keeps the status). */
  to: TemplateStatus | 'same';
}

export const TEMPLATE_TRANSITIONS: readonly TemplateTransition[] = [];

/** The status after `action`, or a `conflict` DomainError (code TEMPLATE_STATUS_CONFLICT). */
export function nextStatus(from: TemplateStatus | null, action: TemplateAction): TemplateStatus {
  void from;
  void action;
  throw new Error('not yet');
}

export const canSubmit = (status: TemplateStatus): boolean => status === 'DRAFT';
export const canUpdateDraft = (status: TemplateStatus): boolean => status === 'DRAFT';
export const canEditInProvider = (status: TemplateStatus): boolean =>
  status === 'APPROVED' || status === 'REJECTED' || status === 'PAUSED';
export const canDeleteInProvider = (status: TemplateStatus): boolean =>
  status !== 'DRAFT' && status !== 'DISABLED';
export const canSend = (status: TemplateStatus): boolean => status === 'APPROVED';

/** A status as WhatsApp names it (list/sync answers) → ours. */
export function statusFromProvider(metaStatus: string): TemplateStatus {
  void metaStatus;
  throw new Error('not yet');
}

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
}

/**
 * A status webhook applied to the current status. null = ignore it (a DRAFT or REMOVED
 * template, an unknown event, a plain repeat, or an event older than the last change).
 */
export function applyStatusEvent(
  current: TemplateStatus,
  value: StatusUpdateValue,
  timing?: { eventAt?: Date; lastChangeAt?: Date },
): StatusChangeOutcome | null {
  void current;
  void value;
  void timing;
  throw new Error('not yet');
}
