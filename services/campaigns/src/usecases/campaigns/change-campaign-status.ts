import { CAMPAIGNS_EVENTS, type CampaignPauseCode, type CampaignStatus } from '@inbox/contracts';
import { actorOf, notFound, transactThenPublish, type CallerContext, type Db } from '@inbox/platform';
import {
  campaignsRepository,
  type CampaignPatch,
  type CampaignRow,
} from '../../db/repositories/campaigns.repository';
import type { CampaignsDeps } from '../../deps';
import { nextCampaignStatus, type CampaignAction } from '../../domain/campaign-lifecycle';
import { campaignView, type CampaignView } from './campaign-view';
import { findCampaign } from './get-campaign';

export interface StatusChange {
  action: CampaignAction;
  /** What else the change writes, given the locked row and its next status. */
  patch: (row: CampaignRow, to: CampaignStatus, now: Date) => CampaignPatch;
  /** The event's code and words (a pause's code, a cancel's reason). */
  code?: CampaignPauseCode | null;
  reason?: (row: CampaignRow) => string | null;
  /** More work in the same transaction once the row changed (send jobs of a resume). */
  then?: (tx: Db, updated: CampaignRow) => Promise<void>;
}

/**
 * A person's lifecycle action on their organization's campaign: the row locked (workers and
 * consumers change it too), the transition checked (409 INVALID_TRANSITION), the change and its
 * `campaign.status_changed` event written together.
 */
export async function changeCampaignStatus(
  deps: CampaignsDeps,
  caller: CallerContext,
  id: string,
  change: StatusChange,
): Promise<CampaignView> {
  await findCampaign(deps, caller, id);
  const updated = await transactThenPublish(deps, async (tx) => {
    const row = await campaignsRepository.lockById(tx, caller.orgId, id);
    if (!row) throw notFound('Campaign');
    const now = deps.now();
    const to = nextCampaignStatus(row.status, change.action, { now, scheduledAt: row.scheduledAt });
    const next = await campaignsRepository.update(
      tx,
      row.id,
      { ...change.patch(row, to, now), status: to },
      now,
    );
    await deps.events.record(
      tx,
      { orgId: caller.orgId, requestId: caller.requestId },
      CAMPAIGNS_EVENTS.campaignStatusChanged,
      {
        campaignId: row.id,
        name: row.name,
        templateId: row.templateId,
        from: row.status,
        to,
        code: change.code ?? null,
        reason: change.reason?.(row) ?? null,
        actorId: actorOf(caller),
      },
    );
    await change.then?.(tx, next);
    return next;
  });
  return campaignView(deps.db, updated);
}
