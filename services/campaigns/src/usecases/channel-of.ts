import { conflict, DomainError, type CallerContext } from '@inbox/platform';
import type { CampaignsDeps, ChannelAccess } from '../deps';

/**
 * The caller's WhatsApp channel for an API call. An organization without one is a 409
 * CHANNEL_NOT_CONFIGURED (as the inbox answers its own sends), not a 404 that reads like an unknown
 * campaign or template.
 */
export async function channelOfCaller(deps: CampaignsDeps, caller: CallerContext): Promise<ChannelAccess> {
  try {
    return await deps.inbox.getChannelAccess(caller.orgId, caller.requestId);
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found')
      throw conflict('CHANNEL_NOT_CONFIGURED', 'Connect a WhatsApp number first (PUT /settings/whatsapp)');
    throw error;
  }
}
