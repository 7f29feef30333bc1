import { and, asc, count, desc, eq, inArray, lt, lte, or, sum, type SQL } from 'drizzle-orm';
import type { CampaignKind, CampaignStatus } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import { campaigns } from '../schema';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaignRow = typeof campaigns.$inferInsert;
/** What a lifecycle change writes besides the status. */
export type CampaignPatch = Partial<
  Pick<
    CampaignRow,
    'status' | 'pauseCode' | 'pauseReason' | 'pausedBy' | 'cancelledBy' | 'startedAt' | 'completedAt'
  >
>;

export interface CampaignListFilter {
  status?: CampaignStatus;
  kind?: CampaignKind;
}

/** The last row of a cursor page: newest first, by creation time then id. */
export interface CampaignPosition {
  createdAt: Date;
  id: string;
}

const matching = (orgId: number, filter: CampaignListFilter): SQL =>
  and(
    eq(campaigns.orgId, orgId),
    filter.status ? eq(campaigns.status, filter.status) : undefined,
    filter.kind ? eq(campaigns.kind, filter.kind) : undefined,
  )!;

const newestFirst = [desc(campaigns.createdAt), desc(campaigns.id)];

/** The campaigns themselves (recipients: recipients.repository.ts). Every read is scoped by organization. */
export const campaignsRepository = {
  insert: async (tx: Db, row: NewCampaignRow): Promise<CampaignRow> =>
    (await tx.insert(campaigns).values(row).returning())[0],

  byId: async (db: Db, orgId: number, id: string): Promise<CampaignRow | undefined> =>
    (
      await db
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.orgId, orgId), eq(campaigns.id, id)))
    )[0],

  /** The campaign, held until the transaction ends (lifecycle changes race the workers). */
  lockById: async (tx: Db, orgId: number, id: string): Promise<CampaignRow | undefined> =>
    (
      await tx
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.orgId, orgId), eq(campaigns.id, id)))
        .for('update')
    )[0],

  update: async (tx: Db, id: string, patch: CampaignPatch, now: Date): Promise<CampaignRow> =>
    (
      await tx
        .update(campaigns)
        .set({ ...patch, updatedAt: now })
        .where(eq(campaigns.id, id))
        .returning()
    )[0],

  /** A cursor page, newest first; `after` is the previous page's last row. */
  page: async (
    db: Db,
    orgId: number,
    filter: CampaignListFilter,
    after: CampaignPosition | null,
    limit: number,
  ): Promise<CampaignRow[]> =>
    db
      .select()
      .from(campaigns)
      .where(
        and(
          matching(orgId, filter),
          after
            ? or(
                lt(campaigns.createdAt, after.createdAt),
                and(eq(campaigns.createdAt, after.createdAt), lt(campaigns.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(...newestFirst)
      .limit(limit),

  /** A numbered page, newest first. */
  pageAt: async (
    db: Db,
    orgId: number,
    filter: CampaignListFilter,
    offset: number,
    limit: number,
  ): Promise<CampaignRow[]> =>
    db
      .select()
      .from(campaigns)
      .where(matching(orgId, filter))
      .orderBy(...newestFirst)
      .offset(offset)
      .limit(limit),

  count: async (db: Db, orgId: number, filter: CampaignListFilter): Promise<number> =>
    (await db.select({ n: count() }).from(campaigns).where(matching(orgId, filter)))[0].n,

  /** Campaigns per status, and the estimated cost of them all (global stats). */
  tallyByStatus: async (
    db: Db,
    orgId: number,
  ): Promise<{ status: CampaignStatus; campaigns: number; estimated: number }[]> =>
    (
      await db
        .select({ status: campaigns.status, campaigns: count(), estimated: sum(campaigns.estimatedCost) })
        .from(campaigns)
        .where(eq(campaigns.orgId, orgId))
        .groupBy(campaigns.status)
    ).map((r) => ({ ...r, estimated: Number(r.estimated ?? 0) })),

  /**
   * SCHEDULED campaigns whose time has come, oldest first, held until the transaction ends;
   * rows another scheduler holds are skipped.
   */
  lockDue: async (tx: Db, now: Date, limit: number): Promise<CampaignRow[]> =>
    tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.status, 'SCHEDULED'), lte(campaigns.scheduledAt, now)))
      .orderBy(asc(campaigns.scheduledAt))
      .limit(limit)
      .for('update', { skipLocked: true }),

  /** The organization's campaigns of a template in these statuses, held until the transaction ends. */
  lockByTemplate: async (
    tx: Db,
    orgId: number,
    templateId: string,
    statuses: readonly CampaignStatus[],
  ): Promise<CampaignRow[]> =>
    tx
      .select()
      .from(campaigns)
      .where(
        and(
          eq(campaigns.orgId, orgId),
          eq(campaigns.templateId, templateId),
          inArray(campaigns.status, [...statuses]),
        ),
      )
      .orderBy(asc(campaigns.createdAt))
      .for('update'),
};
