import { and, asc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { users } from '../schema';

export type UserRow = typeof users.$inferSelect;

export interface UserFilter {
  search?: string;
  role?: string;
  status?: string;
}

const active = (orgId: number) => and(eq(users.orgId, orgId), isNull(users.deletedAt));

function filterClause(filter: UserFilter): SQL | undefined {
  const parts: Array<SQL | undefined> = [];
  if (filter.role) parts.push(eq(users.role, filter.role));
  if (filter.status) parts.push(eq(users.status, filter.status));
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(or(ilike(users.name, pattern), ilike(users.email, pattern)));
  }
  return and(...parts);
}

export const usersRepository = {
  list: (db: Db, orgId: number, filter: UserFilter = {}) =>
    db
      .select()
      .from(users)
      .where(and(active(orgId), filterClause(filter)))
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id)),

  /** At most `limit` ids: a bulk selection asks for one more than it may take, to refuse a larger one. */
  listIds: async (db: Db, orgId: number, filter: UserFilter, limit: number): Promise<string[]> =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(active(orgId), filterClause(filter)))
        .orderBy(asc(users.id))
        .limit(limit)
    ).map((r) => r.id),

  find: async (db: Db, orgId: number, id: string): Promise<UserRow | undefined> =>
    (
      await db
        .select()
        .from(users)
        .where(and(active(orgId), eq(users.id, id)))
    )[0],

  /** The row, locked until the transaction ends: changes that depend on what they read. */
  findForUpdate: async (db: Db, orgId: number, id: string): Promise<UserRow | undefined> =>
    (
      await db
        .select()
        .from(users)
        .where(and(active(orgId), eq(users.id, id)))
        .for('update')
    )[0],

  findByEmail: async (db: Db, orgId: number, email: string): Promise<UserRow | undefined> =>
    (
      await db
        .select()
        .from(users)
        .where(and(active(orgId), eq(users.email, email)))
    )[0],

  findByInvitation: async (db: Db, tokenHash: string): Promise<UserRow | undefined> =>
    (
      await db
        .select()
        .from(users)
        .where(and(eq(users.invitationTokenHash, tokenHash), isNull(users.deletedAt)))
    )[0],

  findByPasswordReset: async (db: Db, tokenHash: string): Promise<UserRow | undefined> =>
    (
      await db
        .select()
        .from(users)
        .where(and(eq(users.passwordResetTokenHash, tokenHash), isNull(users.deletedAt)))
    )[0],

  findActiveIds: async (db: Db, orgId: number, ids: string[]): Promise<Set<string>> =>
    ids.length === 0
      ? new Set()
      : new Set(
          (
            await db
              .select({ id: users.id })
              .from(users)
              .where(and(active(orgId), inArray(users.id, ids)))
          ).map((r) => r.id),
        ),

  countOtherAdmins: async (db: Db, orgId: number, exceptId: string): Promise<number> =>
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(and(active(orgId), eq(users.role, 'ADMIN'), ne(users.id, exceptId)))
    )[0].n,

  insert: async (db: Db, row: typeof users.$inferInsert): Promise<UserRow> =>
    (await db.insert(users).values(row).returning())[0],

  update: async (
    db: Db,
    orgId: number,
    id: string,
    patch: Partial<typeof users.$inferInsert>,
  ): Promise<UserRow | undefined> =>
    (
      await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(active(orgId), eq(users.id, id)))
        .returning()
    )[0],

  /** Row lock for changes that check other rows first (the last admin must stay). */
  lockOrganizationAdmins: (db: Db, orgId: number) =>
    db.execute(
      sql`select id from directory.users where org_id = ${orgId} and role = 'ADMIN' and deleted_at is null for update`,
    ),
};

/** A deleted user leaves every team: memberships of deleted users would only confuse routing. */
export const removeMembershipsOf = (db: Db, orgId: number, userId: string) =>
  db.execute(sql`delete from directory.team_members where org_id = ${orgId} and user_id = ${userId}`);
