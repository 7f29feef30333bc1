import {
  CAMPAIGNS_EVENTS,
  historyEventId,
  type CampaignsEventData,
  type CampaignsEventType,
  type CampaignStatus,
  type HistoryEventView,
} from '@inbox/contracts';
import type { HistoryCampaignRow } from '../../db/repositories/history.repository';
import { CANCEL_REASON, NO_SEND_ACCEPTED_REASON } from '../campaign-reasons';

/** What a campaign's completion counts: its recipients sent (SENT and beyond) and failed then. */
export interface FinishedCounts {
  sent: number;
  failed: number;
}

/** An event as the campaigns service would have published it, with its deterministic id (`at`: a Date or ISO text). */
export function campaignsEvent<T extends CampaignsEventType>(
  type: T,
  what: string,
  key: string,
  orgId: number,
  at: Date | string,
  data: CampaignsEventData<T>,
): HistoryEventView {
  const occurredAt = typeof at === 'string' ? at : at.toISOString();
  return { id: historyEventId('campaigns', what, key), type, orgId, occurredAt, data };
}

/** The fixed words of a status change, as the live change publishes them (a pause's are stored). */
const REASONS: Partial<Record<CampaignStatus, string>> = {
  CANCELLED: CANCEL_REASON,
  FAILED: NO_SEND_ACCEPTED_REASON,
};

const refOf = (c: HistoryCampaignRow) => ({ campaignId: c.id, name: c.name, templateId: c.templateId });

/** The status creation gave it: SCHEDULED for a time still ahead, else QUEUED (the lifecycle's 'create'). */
const createdStatus = (c: HistoryCampaignRow): CampaignStatus =>
  c.scheduledAt !== null && c.scheduledAt.getTime() > c.createdAt.getTime() ? 'SCHEDULED' : 'QUEUED';

/** The status the head events leave the campaign in. */
const toldStatus = (c: HistoryCampaignRow, before: Date): CampaignStatus =>
  c.startedAt !== null && c.startedAt < before ? 'SENDING' : createdStatus(c);

/**
 * The events before the recipients': `campaign.created` (with the estimate, currency and size it
 * was created with, which never change) and `campaign.started` at `started_at` (the first send).
 */
export function campaignHead(c: HistoryCampaignRow, before: Date): HistoryEventView[] {
  const events = [
    campaignsEvent(CAMPAIGNS_EVENTS.campaignCreated, 'created', c.id, c.orgId, c.createdAt, {
      ...refOf(c),
      templateName: c.templateName,
      templateCategory: c.templateCategory,
      kind: c.kind,
      status: createdStatus(c),
      recipients: c.total,
      scheduledAt: c.scheduledAt?.toISOString() ?? null,
      estimatedCost: c.estimatedCost,
      currency: c.currency,
      actorId: c.createdBy,
    }),
  ];
  if (c.startedAt !== null && c.startedAt < before)
    events.push(
      campaignsEvent(CAMPAIGNS_EVENTS.campaignStarted, 'started', c.id, c.orgId, c.startedAt, {
        ...refOf(c),
        startedAt: c.startedAt.toISOString(),
      }),
    );
  return events;
}

/**
 * The campaign's latest status change, after its recipients' events. Every write to a campaign
 * row is a status change, so `updated_at` is when it got its current status; the changes between
 * its start and that one (pauses, resumes) were never stored and are not told. Nothing when the
 * latest change is at or after the cutoff (the status at the cutoff is then the head's), or when
 * the head already says it. COMPLETED is `campaign.completed` with the counts of the recipients
 * as they stood at its completion (recipient-history.ts); anything else one
 * `campaign.status_changed` from the head's status, with the pause's code, reason and person, the
 * cancel's, or (FAILED) the words the finish publishes.
 */
export function campaignTail(
  c: HistoryCampaignRow,
  before: Date,
  counts: FinishedCounts,
): HistoryEventView[] {
  const from = toldStatus(c, before);
  if (c.updatedAt >= before || c.status === from) return [];
  if (c.status === 'COMPLETED')
    return [
      campaignsEvent(CAMPAIGNS_EVENTS.campaignCompleted, 'completed', c.id, c.orgId, c.updatedAt, {
        ...refOf(c),
        completedAt: (c.completedAt ?? c.updatedAt).toISOString(),
        total: c.total,
        ...counts,
      }),
    ];
  const paused = c.status === 'PAUSED';
  const cancelled = c.status === 'CANCELLED';
  return [
    campaignsEvent(CAMPAIGNS_EVENTS.campaignStatusChanged, 'status', c.id, c.orgId, c.updatedAt, {
      ...refOf(c),
      from,
      to: c.status,
      code: paused ? c.pauseCode : null,
      reason: REASONS[c.status] ?? (paused ? c.pauseReason : null),
      actorId: paused ? (c.pauseCode === 'MANUAL' ? c.pausedBy : null) : cancelled ? c.cancelledBy : null,
    }),
  ];
}
