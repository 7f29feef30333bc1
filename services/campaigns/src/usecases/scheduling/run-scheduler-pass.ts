import { CAMPAIGNS_EVENTS } from '@inbox/contracts';
import { transactThenPublish } from '@inbox/platform';
import { campaignsRepository } from '../../db/repositories/campaigns.repository';
import { dispatchRepository } from '../../db/repositories/dispatch.repository';
import type { CampaignsDeps } from '../../deps';
import { nextCampaignStatus } from '../../domain/campaign-lifecycle';
import { systemOrigin } from '../../events';
import { publishSlices, slicesOf } from '../campaigns/publish-slices';

/** The lease that lets one process run a scheduler pass at a time. */
export const SCHEDULER_LEASE = 'scheduler';
/** Campaigns queued per transaction; a pass goes on while a batch comes back full. */
const BATCH = 50;

/**
 * Queues every due SCHEDULED campaign (its time has come): QUEUED with its send jobs and a
 * `campaign.status_changed` event, each batch in one transaction. Rows another process holds are
 * skipped; a lease keeps other processes from running passes meanwhile. Answers how many it queued.
 */
export async function queueDueCampaigns(deps: CampaignsDeps): Promise<number> {
  let queued = 0;
  for (;;) {
    const done = await transactThenPublish(deps, async (tx) => {
      const now = deps.now();
      const due = await campaignsRepository.lockDue(tx, now, BATCH);
      for (const campaign of due) {
        const to = nextCampaignStatus(campaign.status, 'queue_due', {
          now,
          scheduledAt: campaign.scheduledAt,
        });
        await campaignsRepository.update(tx, campaign.id, { status: to }, now);
        const origin = systemOrigin(campaign.orgId, `scheduler-${campaign.id}`);
        await deps.events.record(tx, origin, CAMPAIGNS_EVENTS.campaignStatusChanged, {
          campaignId: campaign.id,
          name: campaign.name,
          templateId: campaign.templateId,
          from: campaign.status,
          to,
          code: null,
          reason: null,
          actorId: null,
        });
        await publishSlices(deps, tx, origin, campaign.id, slicesOf(campaign.total, deps.settings.sliceSize));
      }
      return due.length;
    });
    queued += done;
    if (done < BATCH) return queued;
  }
}

/**
 * One scheduler pass if this holder gets the lease (null when another process has it). The lease
 * lasts a few intervals, renewed by the same holder each pass, so a holder that died lets another
 * take over soon after.
 */
export async function runSchedulerPass(
  deps: CampaignsDeps,
  holder: string,
  intervalMs: number,
): Promise<number | null> {
  const now = deps.now();
  const until = new Date(now.getTime() + Math.max(3 * intervalMs, 5_000));
  if (!(await dispatchRepository.takeLease(deps.db, SCHEDULER_LEASE, holder, now, until))) return null;
  return queueDueCampaigns(deps);
}
