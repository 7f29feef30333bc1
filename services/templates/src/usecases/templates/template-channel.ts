import { conflict, DomainError } from '@inbox/platform';
import type { CallerContext, TemplatesDeps } from '../../deps';
import type { ChannelAccess } from '../../inbox-client';

/**
 * The caller's WhatsApp channel (asked of the inbox, outside any transaction). An organization
 * without one cannot reach WhatsApp: 409, set up WhatsApp first.
 */
export async function channelOf(deps: TemplatesDeps, caller: CallerContext): Promise<ChannelAccess> {
  try {
    return await deps.inbox.getChannelAccess(caller);
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found')
      throw conflict(
        'WHATSAPP_NOT_CONFIGURED',
        'This organization has no WhatsApp channel yet; set it up in the WhatsApp settings first',
      );
    throw error;
  }
}
