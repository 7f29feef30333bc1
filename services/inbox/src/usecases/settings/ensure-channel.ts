import { eq } from 'drizzle-orm';
import { channels } from '../../db/schema';
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
  const existing = (
    await deps.db.select({ orgId: channels.orgId }).from(channels).where(eq(channels.orgId, orgId))
  )[0];
  if (existing) return false;
  const inserted = await deps.db
    .insert(channels)
    .values({
      orgId,
      phoneNumberId: input.phoneNumberId,
      wabaId: input.wabaId,
      displayPhoneNumber: input.displayPhoneNumber ?? null,
      apiBaseUrl: input.apiBaseUrl,
      apiVersion: input.apiVersion,
      accessTokenEncrypted: deps.channels.sealToken(input.accessToken),
      botEnabled: input.botEnabled ?? false,
    })
    .onConflictDoNothing()
    .returning({ orgId: channels.orgId });
  return inserted.length > 0;
}
