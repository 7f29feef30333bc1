import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { quickReplies } from '../schema';

export type QuickReplyRow = typeof quickReplies.$inferSelect;

/** A stored attachment; every column is set together or cleared together. */
export interface QuickReplyMedia {
  blobKey: string;
  mimeType: string;
  size: number;
  filename: string;
  sha256: string;
}

export interface QuickReplyPatch {
  shortcut?: string;
  label?: string;
  text?: string;
  active?: boolean;
}

const byId = (orgId: number, id: string) => and(eq(quickReplies.orgId, orgId), eq(quickReplies.id, id));

// The unique index is on lower(shortcut), so this order is total within an organization.
const byShortcut = asc(sql`lower(${quickReplies.shortcut})`);

/** `%` and `_` typed by a user are literal characters, not wildcards. */
const containing = (search: string) => `%${search.replace(/[\\%_]/g, '\\$&')}%`;

export const quickRepliesRepository = {
  list: (db: Db, orgId: number, includeInactive: boolean): Promise<QuickReplyRow[]> =>
    db
      .select()
      .from(quickReplies)
      .where(
        includeInactive
          ? eq(quickReplies.orgId, orgId)
          : and(eq(quickReplies.orgId, orgId), eq(quickReplies.active, true)),
      )
      .orderBy(byShortcut),

  /**
   * At most `limit` ids matching a search over shortcut, label and text (case-insensitive); all ids
   * without one. A bulk selection asks for one more than it may take, to refuse a larger one.
   */
  listIds: async (db: Db, orgId: number, search: string | undefined, limit: number): Promise<string[]> => {
    const term = search?.trim();
    const matches = term
      ? or(
          ilike(quickReplies.shortcut, containing(term)),
          ilike(quickReplies.label, containing(term)),
          ilike(quickReplies.text, containing(term)),
        )
      : undefined;
    const rows = await db
      .select({ id: quickReplies.id })
      .from(quickReplies)
      .where(and(eq(quickReplies.orgId, orgId), matches))
      .orderBy(byShortcut)
      .limit(limit);
    return rows.map((r) => r.id);
  },

  find: async (db: Db, orgId: number, id: string): Promise<QuickReplyRow | undefined> =>
    (await db.select().from(quickReplies).where(byId(orgId, id)))[0],

  /** Holds the row until the transaction ends, so two media changes cannot lose each other's old blob. */
  lock: async (tx: Db, orgId: number, id: string): Promise<QuickReplyRow | undefined> =>
    (await tx.select().from(quickReplies).where(byId(orgId, id)).for('update'))[0],

  insert: async (db: Db, row: typeof quickReplies.$inferInsert): Promise<QuickReplyRow> =>
    (await db.insert(quickReplies).values(row).returning())[0],

  update: async (
    db: Db,
    orgId: number,
    id: string,
    patch: QuickReplyPatch,
    now: Date,
  ): Promise<QuickReplyRow | undefined> =>
    (
      await db
        .update(quickReplies)
        .set({ ...patch, updatedAt: now })
        .where(byId(orgId, id))
        .returning()
    )[0],

  setMedia: async (
    db: Db,
    orgId: number,
    id: string,
    media: QuickReplyMedia | null,
    now: Date,
  ): Promise<QuickReplyRow | undefined> =>
    (
      await db
        .update(quickReplies)
        .set({
          mediaBlobKey: media?.blobKey ?? null,
          mediaMimeType: media?.mimeType ?? null,
          mediaSize: media?.size ?? null,
          mediaFilename: media?.filename ?? null,
          mediaSha256: media?.sha256 ?? null,
          updatedAt: now,
        })
        .where(byId(orgId, id))
        .returning()
    )[0],

  /** The deleted row (its blob key is the caller's to remove), or undefined when there was none. */
  delete: async (db: Db, orgId: number, id: string): Promise<QuickReplyRow | undefined> =>
    (await db.delete(quickReplies).where(byId(orgId, id)).returning())[0],
};
