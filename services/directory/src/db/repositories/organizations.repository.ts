import { eq, sql } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { organizations } from '../schema';

export type OrganizationRow = typeof organizations.$inferSelect;

export const organizationsRepository = {
  find: async (db: Db, clientId: number): Promise<OrganizationRow | undefined> =>
    (await db.select().from(organizations).where(eq(organizations.clientId, clientId)))[0],

  nextClientId: async (db: Db): Promise<number> =>
    (
      await db
        .select({ next: sql<number>`coalesce(max(${organizations.clientId}), 0)::int + 1` })
        .from(organizations)
    )[0].next,

  insert: async (db: Db, row: typeof organizations.$inferInsert): Promise<OrganizationRow> =>
    (await db.insert(organizations).values(row).returning())[0],
};
