import { forbidden, invalid, notFound } from '@inbox/platform';
import { channelNotConfigured } from '../../channel/channel-registry';
import { channelsRepository } from '../../db/repositories/channels.repository';
import type { CallerContext, InboxDeps } from '../../deps';

/** A channel's credentials in clear, for a service that calls the Cloud API itself (templates). */
export interface ChannelAccess {
  orgId: number;
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  apiBaseUrl: string;
  apiVersion: string;
  displayPhoneNumber: string | null;
}

/**
 * The channel of a WABA (account-level webhooks, where the organization is not known yet), or of
 * the calling service's organization. Services only: no user or key ever sees a token.
 */
export async function getChannelAccess(
  deps: InboxDeps,
  caller: CallerContext,
  input: { wabaId?: string },
): Promise<ChannelAccess> {
  if (caller.kind !== 'SERVICE') throw forbidden('Only services may read channel credentials');
  const wabaId = input.wabaId || undefined;
  if (!wabaId && caller.orgId <= 0)
    throw invalid('VALIDATION_FAILED', 'Give a WABA id or call for an organization', [
      { path: 'wabaId', message: 'Required when the caller has no organization' },
    ]);
  const row = wabaId
    ? await channelsRepository.findByWabaId(deps.db, wabaId)
    : await channelsRepository.find(deps.db, caller.orgId);
  // A service acting for one organization never reaches another's channel, even by WABA id.
  if (!row || (caller.orgId > 0 && row.orgId !== caller.orgId)) throw notFound('WhatsApp channel');
  if (!row.accessTokenEncrypted) throw channelNotConfigured();
  return {
    orgId: row.orgId,
    phoneNumberId: row.phoneNumberId,
    wabaId: row.wabaId,
    accessToken: deps.channels.openToken(row.accessTokenEncrypted),
    apiBaseUrl: row.apiBaseUrl,
    apiVersion: row.apiVersion,
    displayPhoneNumber: row.displayPhoneNumber,
  };
}
