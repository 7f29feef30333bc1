import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '@inbox/platform';
import type { Tally } from '../../domain/campaign-stats';
import { campaignRecipients as r, type StoredRecipientStatus } from '../schema';

export type RecipientRow = typeof r.$inferSelect;

/** A recipient as creation stores it (the rest starts empty). */
export interface NewRecipient {
  id: string;
  orgId: number;
  campaignId: string;
  seq: number;
  phone: string;
  parameters: Record<string, unknown> | null;
  components: Record<string, unknown>[];
  renderedText: string;
  market: string;
  surveyQuestion: number | null;
}

/** Rows per multi-row insert: each travels as one JSON parameter. */
const INSERT_BATCH = 2000;

const tallyColumns = sql`status, count(*)::int as recipients,
  (count(*) filter (where sent_at is not null or status in ('SENT', 'DELIVERED', 'READ', 'REPLIED')))::int as "everSent",
  coalesce(sum(cost), 0)::float8 as cost`;

const statusFilter = (statuses: readonly StoredRecipientStatus[] | null) =>
  statuses ? inArray(r.status, [...statuses]) : undefined;

/** A campaign's recipients: created once, then read (statuses are written by workers and consumers). */
export const recipientsRepository = {
  /** PENDING recipients in multi-row inserts (jsonb_to_recordset: one parameter per batch). */
  insertMany: async (tx: Db, rows: readonly NewRecipient[]): Promise<void> => {
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      const batch = rows.slice(i, i + INSERT_BATCH).map((row) => ({
        id: row.id,
        org_id: row.orgId,
        campaign_id: row.campaignId,
        seq: row.seq,
        phone: row.phone,
        parameters: row.parameters,
        components: row.components,
        rendered_text: row.renderedText,
        market: row.market,
        survey_question: row.surveyQuestion,
      }));
      await tx.execute(sql`
        insert into ${r} (id, org_id, campaign_id, seq, phone, parameters, components, rendered_text,
                          market, survey_question, status)
        select id, org_id, campaign_id, seq, phone, parameters, components, rendered_text, market,
               survey_question, 'PENDING'
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
          as x(id text, org_id int, campaign_id text, seq int, phone text, parameters jsonb,
               components jsonb, rendered_text text, market text, survey_question int)`);
    }
  },

  /** One campaign's recipients per status. */
  tally: async (db: Db, campaignId: string): Promise<Tally[]> =>
    queryRows<Tally>(
      db,
      sql`select ${tallyColumns} from ${r} where campaign_id = ${campaignId} group by status`,
    ),

  /** Several campaigns' recipients per status (a page of the list). */
  tallies: async (db: Db, campaignIds: readonly string[]): Promise<(Tally & { campaignId: string })[]> =>
    campaignIds.length === 0
      ? []
      : queryRows(
          db,
          sql`select campaign_id as "campaignId", ${tallyColumns} from ${r}
              where campaign_id in (${sql.join(
                campaignIds.map((id) => sql`${id}`),
                sql`, `,
              )})
              group by campaign_id, status`,
        ),

  /** Every recipient of the organization per status (global stats). */
  orgTally: async (db: Db, orgId: number): Promise<Tally[]> =>
    queryRows<Tally>(db, sql`select ${tallyColumns} from ${r} where org_id = ${orgId} group by status`),

  /** Failed recipients per error code, most frequent first. */
  failures: async (db: Db, campaignId: string): Promise<{ code: string; title: string; count: number }[]> =>
    queryRows(
      db,
      sql`select coalesce(error_code, 'UNKNOWN') as code, coalesce(max(error_title), '') as title,
                 count(*)::int as count
          from ${r} where campaign_id = ${campaignId} and status = 'FAILED'
          group by coalesce(error_code, 'UNKNOWN') order by count(*) desc, 1`,
    ),

  /** A page of a campaign's recipients in list order, optionally of some statuses. */
  page: async (
    db: Db,
    campaignId: string,
    statuses: readonly StoredRecipientStatus[] | null,
    offset: number,
    limit: number,
  ): Promise<RecipientRow[]> =>
    db
      .select()
      .from(r)
      .where(and(eq(r.campaignId, campaignId), statusFilter(statuses)))
      .orderBy(asc(r.seq))
      .offset(offset)
      .limit(limit),

  count: async (
    db: Db,
    campaignId: string,
    statuses: readonly StoredRecipientStatus[] | null,
  ): Promise<number> =>
    (
      await db
        .select({ n: count() })
        .from(r)
        .where(and(eq(r.campaignId, campaignId), statusFilter(statuses)))
    )[0].n,

  /**
   * The first position of every slice (of `sliceSize` on the campaign's grid) that still holds a
   * PENDING recipient: a resume sends these slices again.
   */
  pendingSliceStarts: async (db: Db, campaignId: string, sliceSize: number): Promise<number[]> =>
    (
      await queryRows<{ start: number }>(
        db,
        sql`select distinct (seq / ${sliceSize}) * ${sliceSize} as start from ${r}
            where campaign_id = ${campaignId} and status = 'PENDING' order by 1`,
      )
    ).map((row) => Number(row.start)),
};
