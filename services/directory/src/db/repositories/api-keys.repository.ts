import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { apiKeys, users } from '../schema';

// Every read leaves the hash out: nothing above this file needs it, so nothing can leak it.
const visible = {
  id: apiKeys.id,
  orgId: apiKeys.orgId,
  name: apiKeys.name,
  role: apiKeys.role,
  prefix: apiKeys.prefix,
  enabled: apiKeys.enabled,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  createdBy: apiKeys.createdBy,
  createdAt: apiKeys.createdAt,
  updatedAt: apiKeys.updatedAt,
};

export type ApiKeyRow = Omit<typeof apiKeys.$inferSelect, 'keyHash'>;
export type ApiKeyPatch = Partial<
  Pick<typeof apiKeys.$inferInsert, 'name' | 'role' | 'expiresAt' | 'enabled'>
>;

/** What authentication needs about a key and its creator, in one round trip. */
export interface ApiKeyCredential {
  id: string;
  orgId: number;
  role: string;
  enabled: boolean;
  expiresAt: Date | null;
  createdBy: string | null;
  /** Null when `createdBy` names no user of the key's organization. */
  creatorId: string | null;
  creatorDeletedAt: Date | null;
  /** The creator's current role: it caps the key's (see domain/roles.ts). */
  creatorRole: string | null;
}

export interface ApiKeyUsageRow {
  keyId: string;
  lastUsedAt: Date;
}

export const apiKeysRepository = {
  list: (db: Db, orgId: number): Promise<ApiKeyRow[]> =>
    db
      .select(visible)
      .from(apiKeys)
      .where(eq(apiKeys.orgId, orgId))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)),

  insert: async (db: Db, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> =>
    (await db.insert(apiKeys).values(row).returning(visible))[0],

  update: async (db: Db, orgId: number, id: string, patch: ApiKeyPatch): Promise<ApiKeyRow | undefined> =>
    (
      await db
        .update(apiKeys)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.id, id)))
        .returning(visible)
    )[0],

  delete: async (db: Db, orgId: number, id: string): Promise<boolean> =>
    (
      await db
        .delete(apiKeys)
        .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.id, id)))
        .returning({ id: apiKeys.id })
    ).length > 0,

  findCredential: async (db: Db, keyHash: string): Promise<ApiKeyCredential | undefined> =>
    (
      await db
        .select({
          id: apiKeys.id,
          orgId: apiKeys.orgId,
          role: apiKeys.role,
          enabled: apiKeys.enabled,
          expiresAt: apiKeys.expiresAt,
          createdBy: apiKeys.createdBy,
          creatorId: users.id,
          creatorDeletedAt: users.deletedAt,
          creatorRole: users.role,
        })
        .from(apiKeys)
        .leftJoin(users, and(eq(users.id, apiKeys.createdBy), eq(users.orgId, apiKeys.orgId)))
        .where(eq(apiKeys.keyHash, keyHash))
    )[0],

  idsCreatedBy: async (db: Db, orgId: number, userId: string): Promise<string[]> =>
    (
      await db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.createdBy, userId)))
    ).map((r) => r.id),

  /** One statement for the whole batch; a key's last use only moves forward; unknown ids match nothing. */
  recordUsage: async (db: Db, usages: ApiKeyUsageRow[]): Promise<void> => {
    if (usages.length === 0) return;
    const values = sql.join(
      usages.map((u) => sql`(${u.keyId}, ${u.lastUsedAt.toISOString()}::timestamptz)`),
      sql`, `,
    );
    await db.execute(sql`
      update ${apiKeys} as k set last_used_at = greatest(k.last_used_at, v.used_at)
      from (values ${values}) as v(id, used_at)
      where k.id = v.id`);
  },
};
