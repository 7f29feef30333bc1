import { eq, sql } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { botConfig, channels } from '../schema';

export type BotConfigRow = typeof botConfig.$inferSelect;

/** One of the three documents of `bot_config`, with its own `*UpdatedAt` column. */
export type BotDocumentChange =
  | { settings: NonNullable<BotConfigRow['settings']>; settingsUpdatedAt: Date }
  | { categories: NonNullable<BotConfigRow['categories']>; categoriesUpdatedAt: Date }
  | { routing: NonNullable<BotConfigRow['routing']>; routingUpdatedAt: Date };

/** An organization's bot documents (absent: never configured, the defaults apply). */
export const botConfigRepository = {
  find: async (db: Db, orgId: number): Promise<BotConfigRow | undefined> =>
    (await db.select().from(botConfig).where(eq(botConfig.orgId, orgId)))[0],

  /**
   * The organization's row, created empty (version 0, the defaults) when absent, locked until the
   * transaction ends: a document checked against another stays valid until it is written.
   */
  lock: async (tx: Db, orgId: number): Promise<BotConfigRow> => {
    await tx.insert(botConfig).values({ orgId }).onConflictDoNothing();
    return (await tx.select().from(botConfig).where(eq(botConfig.orgId, orgId)).for('update'))[0];
  },

  /**
   * Stores one document and grows the version in the same statement, so two concurrent writers
   * never answer the same version (every process retrains when it sees a newer one).
   */
  write: async (db: Db, orgId: number, change: BotDocumentChange): Promise<BotConfigRow> =>
    (
      await db
        .insert(botConfig)
        .values({ orgId, ...change, version: 1 })
        .onConflictDoUpdate({
          target: botConfig.orgId,
          set: { ...change, version: sql`${botConfig.version} + 1` },
        })
        .returning()
    )[0],

  /** Whether the bot answers new conversations: the channel's flag; false when there is no channel. */
  botEnabled: async (db: Db, orgId: number): Promise<boolean | null> =>
    (await db.select({ botEnabled: channels.botEnabled }).from(channels).where(eq(channels.orgId, orgId)))[0]
      ?.botEnabled ?? null,

  /** Sets the channel's flag; false when the organization has no channel. */
  setBotEnabled: async (db: Db, orgId: number, enabled: boolean, now: Date): Promise<boolean> => {
    const updated = await db
      .update(channels)
      .set({ botEnabled: enabled, updatedAt: now })
      .where(eq(channels.orgId, orgId))
      .returning({ orgId: channels.orgId });
    return updated.length > 0;
  },
};
