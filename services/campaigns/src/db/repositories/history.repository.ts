import { and, asc, gt, gte, lt, sql, type AnyColumn } from 'drizzle-orm';
import { queryRows, type Db } from '@inbox/platform';
import type { StoredRecipientStatus } from '../schema';
import { campaignRecipients as r, campaigns } from '../schema';

/**
 * The reads of the history export (usecases/history): every organization's campaigns in keyset
 * order of id (primary key), and a campaign's recipients in keyset order of `seq` (the unique
 * (campaign_id, seq) index), so every page costs the same however far the export has gone.
 */

export type HistoryCampaignRow = Pick<
  typeof campaigns.$inferSelect,
  | 'id'
  | 'orgId'
  | 'name'
  | 'templateId'
  | 'templateName'
  | 'templateLanguage'
  | 'templateCategory'
  | 'kind'
  | 'status'
  | 'pauseCode'
  | 'pauseReason'
  | 'scheduledAt'
  | 'total'
  | 'currency'
  | 'estimatedCost'
  | 'createdBy'
  | 'pausedBy'
  | 'cancelledBy'
  | 'createdAt'
  | 'startedAt'
  | 'completedAt'
  | 'updatedAt'
>;

export interface HistoryRecipientRow {
  id: string;
  seq: number;
  phone: string;
  waId: string | null;
  providerMessageId: string | null;
  renderedText: string;
  status: StoredRecipientStatus;
  errorCode: string | null;
  /** Times as ISO 8601 text in UTC, milliseconds (as toISOString writes them). */
  sentAt: string | null;
  deliveredAt: string | null;
  readAt: string | null;
  repliedAt: string | null;
  failedAt: string | null;
  pricingType: string | null;
  pricingCategory: string | null;
  cost: number | null;
}

/** A time as toISOString writes it (milliseconds, truncated as a Date read from the driver is). */
const iso = (column: AnyColumn) =>
  sql`to_char(date_trunc('milliseconds', ${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Where a page of campaigns starts: after a campaign, or at one (a campaign a page ended inside). */
export type CampaignKey = { id: string; inclusive: boolean } | null;

export const historyRepository = {
  /** Up to `limit` campaigns created before `before`, in id order from `from`. */
  campaignsPage: (db: Db, before: Date, from: CampaignKey, limit: number): Promise<HistoryCampaignRow[]> =>
    db
      .select({
        id: campaigns.id,
        orgId: campaigns.orgId,
        name: campaigns.name,
        templateId: campaigns.templateId,
        templateName: campaigns.templateName,
        templateLanguage: campaigns.templateLanguage,
        templateCategory: campaigns.templateCategory,
        kind: campaigns.kind,
        status: campaigns.status,
        pauseCode: campaigns.pauseCode,
        pauseReason: campaigns.pauseReason,
        scheduledAt: campaigns.scheduledAt,
        total: campaigns.total,
        currency: campaigns.currency,
        estimatedCost: campaigns.estimatedCost,
        createdBy: campaigns.createdBy,
        pausedBy: campaigns.pausedBy,
        cancelledBy: campaigns.cancelledBy,
        createdAt: campaigns.createdAt,
        startedAt: campaigns.startedAt,
        completedAt: campaigns.completedAt,
        updatedAt: campaigns.updatedAt,
      })
      .from(campaigns)
      .where(
        and(
          lt(campaigns.createdAt, before),
          from === null ? undefined : from.inclusive ? gte(campaigns.id, from.id) : gt(campaigns.id, from.id),
        ),
      )
      .orderBy(asc(campaigns.id))
      .limit(limit),

  /**
   * The campaign's recipients at positions [fromSeq, fromSeq + count), in position order. A range
   * rather than a LIMIT: the plan reads only those rows whatever the statistics say (with a LIMIT
   * and stale statistics PostgreSQL may read every later row and sort them). Written out, times
   * as ISO text: a 100,000-recipient campaign is 100 of these, and mapping rows to Dates and
   * back to text took as long as the query.
   */
  recipientsAt: async (
    db: Db,
    campaignId: string,
    fromSeq: number,
    count: number,
  ): Promise<HistoryRecipientRow[]> => {
    const rows = await queryRows<HistoryRecipientRow>(
      db,
      sql`select id, seq, phone, wa_id as "waId", provider_message_id as "providerMessageId",
            rendered_text as "renderedText", status, error_code as "errorCode",
            ${iso(r.sentAt)} as "sentAt", ${iso(r.deliveredAt)} as "deliveredAt",
            ${iso(r.readAt)} as "readAt", ${iso(r.repliedAt)} as "repliedAt",
            ${iso(r.failedAt)} as "failedAt", pricing_type as "pricingType",
            pricing_category as "pricingCategory", cost
          from ${r}
          where campaign_id = ${campaignId} and seq >= ${fromSeq} and seq < ${fromSeq + count}
          order by seq`,
    );
    return rows.map((row) => ({ ...row, cost: row.cost === null ? null : Number(row.cost) }));
  },
};
