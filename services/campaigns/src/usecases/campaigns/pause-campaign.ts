import { actorOf, type CallerContext } from '@inbox/platform';
import type { CampaignsDeps } from '../../deps';
import type { CampaignView } from './campaign-view';
import { changeCampaignStatus } from './change-campaign-status';

export const MANUAL_PAUSE_REASON = 'Paused by a person';

/**
 * SCHEDULED, QUEUED or SENDING → PAUSED (MANUAL, who did it kept): workers send nothing more of
 * it; a send already under way finishes and is recorded.
 */
export const pauseCampaign = (
  deps: CampaignsDeps,
  caller: CallerContext,
  id: string,
): Promise<CampaignView> =>
  changeCampaignStatus(deps, caller, id, {
    action: 'pause',
    code: 'MANUAL',
    reason: () => MANUAL_PAUSE_REASON,
    patch: () => ({ pauseCode: 'MANUAL', pauseReason: MANUAL_PAUSE_REASON, pausedBy: actorOf(caller) }),
  });
