import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { routingCursors } from '../schema';

const byTeam = (orgId: number, teamId: string) =>
  and(eq(routingCursors.orgId, orgId), eq(routingCursors.teamId, teamId));

/** Where each team's round-robin stands: the agent last given a conversation, so the next one goes to the one after. */
export const routingCursorsRepository = {
  /** The agent the team's round-robin gave a conversation last (null: it never gave one). */
  lastUserId: async (db: Db, orgId: number, teamId: string): Promise<string | null> =>
    (
      await db
        .select({ lastUserId: routingCursors.lastUserId })
        .from(routingCursors)
        .where(byTeam(orgId, teamId))
    )[0]?.lastUserId ?? null,

  /**
   * Moves the team's position to this agent. An upsert, so the first assignment of a team needs no
   * row made beforehand; run in the transaction that assigns, so the cursor and the assignment agree.
   */
  record: async (tx: Db, orgId: number, teamId: string, userId: string): Promise<void> => {
    await tx
      .insert(routingCursors)
      .values({ orgId, teamId, lastUserId: userId })
      .onConflictDoUpdate({
        target: [routingCursors.orgId, routingCursors.teamId],
        set: { lastUserId: userId, updatedAt: sql`now()` },
      });
  },
};
