import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { channels } from '../schema';

export type ChannelRow = typeof channels.$inferSelect;
export type ChannelValues = typeof channels.$inferInsert;

/** An organization's WhatsApp channel: one per organization, a phone number id belongs to one organization. */
export const channelsRepository = {
  find: async (db: Db, orgId: number): Promise<ChannelRow | undefined> =>
    (await db.select().from(channels).where(eq(channels.orgId, orgId)))[0],

  /** The organization that owns a phone number id, or null when none does. */
  orgIdForPhoneNumberId: async (db: Db, phoneNumberId: string): Promise<number | null> => {
    const row = (
      await db
        .select({ orgId: channels.orgId })
        .from(channels)
        .where(eq(channels.phoneNumberId, phoneNumberId))
    )[0];
    return row?.orgId ?? null;
  },

  /** The channel of a WhatsApp Business Account (one organization's at most: channels_waba_id_unique). */
  findByWabaId: async (db: Db, wabaId: string): Promise<ChannelRow | undefined> =>
    (await db.select().from(channels).where(eq(channels.wabaId, wabaId)))[0],

  /** Configured channels (a token is set) after an organization id, by organization id. */
  pageConfigured: async (
    db: Db,
    page: { afterOrgId: number; onlyOrgId?: number; limit: number },
  ): Promise<{ orgId: number; wabaId: string }[]> =>
    db
      .select({ orgId: channels.orgId, wabaId: channels.wabaId })
      .from(channels)
      .where(
        and(
          gt(channels.orgId, page.afterOrgId),
          isNotNull(channels.accessTokenEncrypted),
          page.onlyOrgId === undefined ? undefined : eq(channels.orgId, page.onlyOrgId),
        ),
      )
      .orderBy(asc(channels.orgId))
      .limit(page.limit),

  /** Stored access tokens (sealed) after an organization id, by organization id. */
  pageSealedTokens: async (
    db: Db,
    page: { afterOrgId: number; limit: number },
  ): Promise<{ orgId: number; sealed: string }[]> => {
    const rows = await db
      .select({ orgId: channels.orgId, sealed: channels.accessTokenEncrypted })
      .from(channels)
      .where(and(gt(channels.orgId, page.afterOrgId), isNotNull(channels.accessTokenEncrypted)))
      .orderBy(asc(channels.orgId))
      .limit(page.limit);
    return rows.map((r) => ({ orgId: r.orgId, sealed: r.sealed! }));
  },

  /** Replaces a sealed token only if it is still `from` (not changed meanwhile); true when it did. */
  replaceSealedToken: async (db: Db, orgId: number, from: string, to: string): Promise<boolean> => {
    const updated = await db
      .update(channels)
      .set({ accessTokenEncrypted: to })
      .where(and(eq(channels.orgId, orgId), eq(channels.accessTokenEncrypted, from)))
      .returning({ orgId: channels.orgId });
    return updated.length > 0;
  },

  /** Creates the channel unless the organization already has one; true when this call created it. */
  insertIfAbsent: async (db: Db, values: ChannelValues): Promise<boolean> => {
    const inserted = await db
      .insert(channels)
      .values(values)
      .onConflictDoNothing()
      .returning({ orgId: channels.orgId });
    return inserted.length > 0;
  },

  /** Creates or replaces the organization's channel (a unique violation when the phone number or the WABA is another's). */
  upsert: async (db: Db, values: ChannelValues): Promise<ChannelRow> =>
    (
      await db
        .insert(channels)
        .values(values)
        .onConflictDoUpdate({ target: channels.orgId, set: values })
        .returning()
    )[0],
};
