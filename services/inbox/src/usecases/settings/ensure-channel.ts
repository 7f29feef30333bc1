import { channelsRepository } from '../../db/repositories/channels.repository';
import type { InboxDeps } from '../../deps';

export interface ChannelInput {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  displayPhoneNumber?: string;
  apiBaseUrl: string;
  apiVersion: string;
  botEnabled?: boolean;
}

/** Start-up: gives the organization this channel when it has none; an existing channel is left as the Admin set it. */
export async function ensureChannel(deps: InboxDeps, orgId: number, input: ChannelInput): Promise<boolean> {
  if (await channelsRepository.find(deps.db, orgId)) return false;
  return channelsRepository.insertIfAbsent(deps.db, {
    orgId,
    phoneNumberId: input.phoneNumberId,
    wabaId: input.wabaId,
    displayPhoneNumber: input.displayPhoneNumber ?? null,
    apiBaseUrl: input.apiBaseUrl,
    apiVersion: input.apiVersion,
    accessTokenEncrypted: deps.channels.sealToken(input.accessToken),
    botEnabled: input.botEnabled ?? false,
  });
}
