import { actorOf, type CallerContext } from '@inbox/platform';
import type { CampaignsDeps } from '../../deps';
import type { CampaignView } from './campaign-view';
import { CANCEL_REASON } from '../../domain/campaign-reasons';
import { changeCampaignStatus } from './change-campaign-status';

/**
 * Any unfinished campaign → CANCELLED, for good (who did it kept). Recipients not sent yet stay
 * PENDING and are never sent: workers skip a campaign that is not QUEUED or SENDING.
 */
export const cancelCampaign = (
  deps: CampaignsDeps,
  caller: CallerContext,
  id: string,
): Promise<CampaignView> =>
  changeCampaignStatus(deps, caller, id, {
    action: 'cancel',
    reason: () => CANCEL_REASON,
    patch: (_row, _to, now) => ({ cancelledBy: actorOf(caller), completedAt: now }),
  });
