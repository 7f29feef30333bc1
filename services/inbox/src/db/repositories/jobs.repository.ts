import { and, asc, count, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { ReclassifyScope } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import { conversations, jobs } from '../schema';
import type { ConversationRow } from './conversation-views';

export type JobRow = typeof jobs.$inferSelect;

/**
 * What one step of a job adds to its counts. `matched`: conversations still in the scope when their
 * turn came (like a bulk update's matched count); `reclassified`: their category changed;
 * `rerouted`: their team or agent changed; `failed`: an error left them as they were.
 */
export interface JobProgress {
  done: number;
  matched: number;
  reclassified: number;
  rerouted: number;
  failed: number;
}

/** The conversations a re-classify scope covers (never CLOSED ones: routing and reports of open work). */
const SCOPE_WHERE: Record<ReclassifyScope, SQL | undefined> = {
  all_open: undefined,
  unassigned: isNull(conversations.assignedTo),
  uncategorized: isNull(conversations.category),
};

/** The same scope checked on a locked row: a conversation may have left it since its page was read. */
export function inScope(row: ConversationRow, scope: ReclassifyScope): boolean {
  if (row.status === 'CLOSED') return false;
  if (scope === 'unassigned') return row.assignedTo === null;
  if (scope === 'uncategorized') return row.category === null;
  return true;
}

const scopeOf = (orgId: number, scope: ReclassifyScope) =>
  and(eq(conversations.orgId, orgId), ne(conversations.status, 'CLOSED'), SCOPE_WHERE[scope]);

const byOrg = (orgId: number, id: string) => and(eq(jobs.orgId, orgId), eq(jobs.id, id));

export const jobsRepository = {
  insert: async (tx: Db, row: typeof jobs.$inferInsert): Promise<JobRow> =>
    (await tx.insert(jobs).values(row).returning())[0],

  find: async (db: Db, orgId: number, id: string): Promise<JobRow | undefined> =>
    (await db.select().from(jobs).where(byOrg(orgId, id)))[0],

  /** For the job runner, which gets a job id only; the row tells it the organization. */
  findAnyOrg: async (db: Db, id: string): Promise<JobRow | undefined> =>
    (await db.select().from(jobs).where(eq(jobs.id, id)))[0],

  /** QUEUED → RUNNING; undefined when it was not QUEUED any more (another runner started it). */
  start: async (tx: Db, id: string, now: Date): Promise<JobRow | undefined> =>
    (
      await tx
        .update(jobs)
        .set({ status: 'RUNNING', updatedAt: now })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'QUEUED')))
        .returning()
    )[0],

  /**
   * Adds one conversation's outcome and moves the cursor past it, only if the cursor is still
   * `expectedCursor`: a second runner of the same job (a redelivery) cannot count a conversation
   * twice. Undefined when another runner got there first.
   */
  advance: async (
    tx: Db,
    id: string,
    expectedCursor: string | null,
    cursor: string,
    step: JobProgress,
    now: Date,
  ): Promise<JobRow | undefined> =>
    (
      await tx
        .update(jobs)
        .set({
          done: sql`${jobs.done} + ${step.done}`,
          // A conversation that entered the scope after the count keeps done ≤ total.
          total: sql`greatest(${jobs.total}, ${jobs.done} + ${step.done})`,
          matched: sql`${jobs.matched} + ${step.matched}`,
          reclassified: sql`${jobs.reclassified} + ${step.reclassified}`,
          rerouted: sql`${jobs.rerouted} + ${step.rerouted}`,
          failed: sql`${jobs.failed} + ${step.failed}`,
          cursor,
          updatedAt: now,
        })
        .where(
          and(
            eq(jobs.id, id),
            eq(jobs.status, 'RUNNING'),
            sql`${jobs.cursor} is not distinct from ${expectedCursor}`,
          ),
        )
        .returning()
    )[0],

  /**
   * RUNNING → COMPLETED when the cursor is still the one this runner reached. `total` becomes what
   * the job went through: conversations that left the scope while it ran were not its work.
   */
  complete: async (
    tx: Db,
    id: string,
    expectedCursor: string | null,
    now: Date,
  ): Promise<JobRow | undefined> =>
    (
      await tx
        .update(jobs)
        .set({ status: 'COMPLETED', total: sql`${jobs.done}`, updatedAt: now, finishedAt: now })
        .where(
          and(
            eq(jobs.id, id),
            eq(jobs.status, 'RUNNING'),
            sql`${jobs.cursor} is not distinct from ${expectedCursor}`,
          ),
        )
        .returning()
    )[0],

  countInScope: async (db: Db, orgId: number, scope: ReclassifyScope): Promise<number> =>
    (await db.select({ n: count() }).from(conversations).where(scopeOf(orgId, scope)))[0].n,

  /** The next conversations of the scope after `cursor`, by id (a walk that resumes where it stopped). */
  pageInScope: (
    db: Db,
    orgId: number,
    scope: ReclassifyScope,
    cursor: string | null,
    limit: number,
  ): Promise<ConversationRow[]> =>
    db
      .select()
      .from(conversations)
      .where(and(scopeOf(orgId, scope), cursor === null ? undefined : gt(conversations.id, cursor)))
      .orderBy(asc(conversations.id))
      .limit(limit),
};
