import { channelOfCaller } from '../channel-of';
import { requireAdmin, requireOrganization, type CallerContext } from '@inbox/platform';
import type { CampaignsDeps } from '../../deps';
import { phoneStatusOf, type KnownPhoneStatus } from './phone-status';
import { askWhatsApp } from './whatsapp-problem';

/**
 * GET /campaigns/phone-status (Admin): the organization's number as WhatsApp reports it. WhatsApp
 * failing is answered as whatsappProblem says (409, 429 or 503), never as a 500.
 */
export async function getPhoneStatus(deps: CampaignsDeps, caller: CallerContext): Promise<KnownPhoneStatus> {
  requireOrganization(caller);
  requireAdmin(caller);
  const channel = await channelOfCaller(deps, caller);
  return askWhatsApp(() => phoneStatusOf(deps, channel));
}
