import { CAMPAIGNS_EVENTS } from '@inbox/contracts';
import { transactThenPublish } from '@inbox/platform';
import { dispatchRepository } from '../db/repositories/dispatch.repository';
import type { CampaignsDeps } from '../deps';
import { allows, nextCampaignStatus } from '../domain/campaign-lifecycle';
import { NO_SEND_ACCEPTED_REASON } from '../domain/campaign-reasons';
import { systemOrigin } from '../events';

/**
 * Finishes a SENDING campaign once no recipient is PENDING or DISPATCHING: COMPLETED with
 * `campaign.completed`, or FAILED (a status change) when WhatsApp accepted not one send. The
 * campaign row is locked, so of two workers finishing together one finishes it. Called after
 * each slice and by the lease sweeper; true when this call finished it.
 */
export async function completeCampaignIfDone(
  deps: CampaignsDeps,
  campaign: { id: string; orgId: number },
): Promise<boolean> {
  // One index probe, outside any transaction: almost every slice ends here.
  if (await dispatchRepository.hasUnfinished(deps.db, campaign.id)) return false;
  return transactThenPublish(deps, async (tx) => {
    const current = await dispatchRepository.lock(tx, campaign.id);
    if (!current || !allows('finish', current.status)) return false;
    if (await dispatchRepository.hasUnfinished(tx, campaign.id)) return false;
    const now = deps.now();
    const counts = await dispatchRepository.finishedCounts(tx, campaign.id);
    const to = nextCampaignStatus(current.status, 'finish', { now, anySent: counts.accepted > 0 });
    await dispatchRepository.finish(tx, campaign.id, to, now);
    const ref = { campaignId: campaign.id, name: current.name, templateId: current.templateId };
    const origin = systemOrigin(campaign.orgId);
    if (to === 'COMPLETED')
      await deps.events.record(tx, origin, CAMPAIGNS_EVENTS.campaignCompleted, {
        ...ref,
        completedAt: now.toISOString(),
        total: current.total,
        sent: counts.sent,
        failed: counts.failed,
      });
    else
      await deps.events.record(tx, origin, CAMPAIGNS_EVENTS.campaignStatusChanged, {
        ...ref,
        from: current.status,
        to,
        code: null,
        reason: NO_SEND_ACCEPTED_REASON,
        actorId: null,
      });
    return true;
  });
}
