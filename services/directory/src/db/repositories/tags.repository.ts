import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { tags } from '../schema';

export type TagRow = typeof tags.$inferSelect;

export const tagsRepository = {
  list: (db: Db, orgId: number) =>
    db
      .select()
      .from(tags)
      .where(eq(tags.orgId, orgId))
      .orderBy(asc(sql`lower(${tags.name})`)),

  find: async (db: Db, orgId: number, id: string): Promise<TagRow | undefined> =>
    (
      await db
        .select()
        .from(tags)
        .where(and(eq(tags.orgId, orgId), eq(tags.id, id)))
    )[0],

  nameTaken: async (db: Db, orgId: number, name: string, exceptId?: string): Promise<boolean> => {
    const rows = await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.orgId, orgId), sql`lower(${tags.name}) = lower(${name})`));
    return rows.some((r) => r.id !== exceptId);
  },

  insert: async (db: Db, row: typeof tags.$inferInsert): Promise<TagRow> =>
    (await db.insert(tags).values(row).returning())[0],

  update: async (
    db: Db,
    orgId: number,
    id: string,
    patch: Partial<typeof tags.$inferInsert>,
  ): Promise<TagRow | undefined> =>
    (
      await db
        .update(tags)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(tags.orgId, orgId), eq(tags.id, id)))
        .returning()
    )[0],

  delete: async (db: Db, orgId: number, id: string): Promise<boolean> =>
    (
      await db
        .delete(tags)
        .where(and(eq(tags.orgId, orgId), eq(tags.id, id)))
        .returning({ id: tags.id })
    ).length > 0,
};
