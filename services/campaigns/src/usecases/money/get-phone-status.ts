import { channelOfCaller } from '../channel-of';
import { requireOrganization, type CallerContext } from '@inbox/platform';
import type { CampaignsDeps } from '../../deps';
import { phoneStatusOf, type KnownPhoneStatus } from './phone-status';

/** GET /campaigns/phone-status (Admin): the organization's number as WhatsApp reports it. */
export async function getPhoneStatus(deps: CampaignsDeps, caller: CallerContext): Promise<KnownPhoneStatus> {
  requireOrganization(caller);
  const channel = await channelOfCaller(deps, caller);
  return phoneStatusOf(deps, channel);
}
