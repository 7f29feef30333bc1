import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { refreshTokens } from '../schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export const refreshTokensRepository = {
  insert: (db: Db, row: typeof refreshTokens.$inferInsert) => db.insert(refreshTokens).values(row),

  findByHash: async (db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> =>
    (await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)))[0],

  /** Marks the token used; false when another request used (or revoked) it first. */
  markRotated: async (db: Db, id: string, at: Date): Promise<boolean> =>
    (
      await db
        .update(refreshTokens)
        .set({ rotatedAt: at })
        .where(
          and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)),
        )
        .returning({ id: refreshTokens.id })
    ).length === 1,

  revokeFamily: (db: Db, familyId: string, at: Date) =>
    db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt))),

  revokeAllOfUser: (db: Db, userId: string, at: Date) =>
    db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt))),
};
