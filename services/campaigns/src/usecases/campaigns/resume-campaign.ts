import type { CallerContext } from '@inbox/platform';
import { recipientsRepository } from '../../db/repositories/recipients.repository';
import type { CampaignsDeps } from '../../deps';
import type { CampaignView } from './campaign-view';
import { changeCampaignStatus } from './change-campaign-status';
import { publishSlices, slicesHolding, slicesOf } from './publish-slices';

/**
 * PAUSED → QUEUED (or SCHEDULED while its time is still ahead). Queued again, it gets send jobs
 * for the slices that still hold PENDING recipients (at least one, so that a worker finds it done
 * and completes it). Why it paused is kept.
 */
export const resumeCampaign = (
  deps: CampaignsDeps,
  caller: CallerContext,
  id: string,
): Promise<CampaignView> =>
  changeCampaignStatus(deps, caller, id, {
    action: 'resume',
    patch: () => ({}),
    then: async (tx, campaign) => {
      if (campaign.status !== 'QUEUED') return;
      const size = deps.settings.sliceSize;
      const starts = await recipientsRepository.pendingSliceStarts(tx, campaign.id, size);
      const slices =
        starts.length > 0
          ? slicesHolding(starts, campaign.total, size)
          : slicesOf(campaign.total, size).slice(0, 1);
      await publishSlices(
        deps,
        tx,
        { orgId: caller.orgId, requestId: caller.requestId },
        campaign.id,
        slices,
      );
    },
  });
