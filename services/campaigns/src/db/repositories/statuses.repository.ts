import { waIdVariants } from '@inbox/whatsapp';
import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CampaignKind } from '@inbox/contracts';
import { queryRows, type Db } from '@inbox/platform';
import type { RecipientProgress } from '../../domain/status-report';
import { campaignRecipients, campaigns, type StoredQuestion, type StoredRecipientStatus } from '../schema';

/**
 * The recipients under a short alias: `FOR UPDATE OF` takes an unqualified name, and it must lock
 * only them, never their campaign's row (every webhook of a campaign would wait on it).
 */
const r = alias(campaignRecipients, 'r');

/**
 * The statements of status webhooks: a webhook's recipients read and locked in one statement,
 * their new progress written in one. Locks are taken in id order, as the send workers' outcome
 * writer takes them, so the two never deadlock.
 */

/** A recipient as a status webhook finds it, with what its event and its cost need. */
export interface StatusRecipient extends RecipientProgress {
  id: string;
  orgId: number;
  campaignId: string;
  phone: string;
  market: string;
  /** The number its campaign sends from: a webhook of another number is not about it. */
  phoneNumberId: string;
}

export type ProgressRow = RecipientProgress & { id: string };

/** The recipient a reply is about, with its campaign's survey and template. */
export interface ReplyTarget {
  id: string;
  orgId: number;
  campaignId: string;
  phone: string;
  waId: string | null;
  status: StoredRecipientStatus;
  providerMessageId: string | null;
  renderedText: string;
  sentAt: Date | null;
  surveyQuestion: number | null;
  surveyCompletedAt: Date | null;
  kind: CampaignKind;
  questions: StoredQuestion[] | null;
  templateName: string;
  templateLanguage: string;
  templateCategory: string;
}

/** A send that reached the person: only these are replied to. */
const REACHED: StoredRecipientStatus[] = ['SENT', 'DELIVERED', 'READ', 'REPLIED'];

const replyTargetColumns = {
  id: r.id,
  orgId: r.orgId,
  campaignId: r.campaignId,
  phone: r.phone,
  waId: r.waId,
  status: r.status,
  providerMessageId: r.providerMessageId,
  renderedText: r.renderedText,
  sentAt: r.sentAt,
  surveyQuestion: r.surveyQuestion,
  surveyCompletedAt: r.surveyCompletedAt,
  kind: campaigns.kind,
  questions: campaigns.questions,
  templateName: campaigns.templateName,
  templateLanguage: campaigns.templateLanguage,
  templateCategory: campaigns.templateCategory,
};

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const date = (v: Date | string | null) => (v === null || v instanceof Date ? v : new Date(v));

/** A raw row's times as dates (drivers differ in what they hand back). */
const withDates = (row: StatusRecipient): StatusRecipient => ({
  ...row,
  retryableAfter: date(row.retryableAfter),
  leaseUntil: date(row.leaseUntil),
  sentAt: date(row.sentAt),
  deliveredAt: date(row.deliveredAt),
  readAt: date(row.readAt),
  failedAt: date(row.failedAt),
  cost: row.cost === null ? null : Number(row.cost),
});

export const statusesRepository = {
  /** The recipients with these ids (unknown ids are left out), locked until the transaction ends. */
  lockForStatuses: async (tx: Db, ids: string[]): Promise<Map<string, StatusRecipient>> => {
    if (ids.length === 0) return new Map();
    // Written out rather than built: this runs for every status webhook, thousands a second.
    const rows = await queryRows<StatusRecipient>(
      tx,
      sql`select r.id, r.org_id as "orgId", r.campaign_id as "campaignId", r.phone, r.market,
            c.phone_number_id as "phoneNumberId", r.status, r.error_code as "errorCode",
            r.error_title as "errorTitle", r.error_details as "errorDetails",
            r.retryable_after as "retryableAfter", r.provider_message_id as "providerMessageId",
            r.wa_id as "waId", r.lease_until as "leaseUntil", r.sent_at as "sentAt",
            r.delivered_at as "deliveredAt", r.read_at as "readAt", r.failed_at as "failedAt",
            r.pricing_type as "pricingType", r.pricing_category as "pricingCategory", r.cost
          from ${campaignRecipients} r join ${campaigns} c on c.id = r.campaign_id
          where r.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
          order by r.id
          for update of r`,
    );
    return new Map(rows.map((row) => [row.id, withDates(row)]));
  },

  /** Writes each recipient's whole progress in one statement (the rows travel as one JSON parameter). */
  writeProgress: async (tx: Db, rows: ProgressRow[], now: Date): Promise<void> => {
    if (rows.length === 0) return;
    const values = rows.map((p) => ({
      id: p.id,
      status: p.status,
      error_code: p.errorCode,
      error_title: p.errorTitle,
      error_details: p.errorDetails,
      retryable_after: iso(p.retryableAfter),
      provider_message_id: p.providerMessageId,
      wa_id: p.waId,
      lease_until: iso(p.leaseUntil),
      sent_at: iso(p.sentAt),
      delivered_at: iso(p.deliveredAt),
      read_at: iso(p.readAt),
      failed_at: iso(p.failedAt),
      pricing_type: p.pricingType,
      pricing_category: p.pricingCategory,
      cost: p.cost,
    }));
    await tx.execute(sql`
      update ${campaignRecipients} set
        status = v.status, error_code = v.error_code, error_title = v.error_title,
        error_details = v.error_details, retryable_after = v.retryable_after,
        provider_message_id = v.provider_message_id, wa_id = v.wa_id, lease_until = v.lease_until,
        sent_at = v.sent_at, delivered_at = v.delivered_at, read_at = v.read_at, failed_at = v.failed_at,
        pricing_type = v.pricing_type, pricing_category = v.pricing_category, cost = v.cost,
        updated_at = ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(
        id text, status text, error_code text, error_title text, error_details text,
        retryable_after timestamptz, provider_message_id text, wa_id text, lease_until timestamptz,
        sent_at timestamptz, delivered_at timestamptz, read_at timestamptz, failed_at timestamptz,
        pricing_type text, pricing_category text, cost double precision)
      where ${campaignRecipients.id} = v.id`);
  },

  /**
   * The recipient a reply quotes (its wamid is the reply's context id), else the latest send to
   * that person in (since, until] (any spelling of their wa_id: Mexico 52/521, Brazil's ninth digit); either reached the person. Locked until the transaction ends.
   */
  lockReplyTarget: async (
    tx: Db,
    orgId: number,
    reply: { contextWamid: string | null; waId: string; since: Date; until: Date },
  ): Promise<ReplyTarget | undefined> => {
    const base = () =>
      tx.select(replyTargetColumns).from(r).innerJoin(campaigns, eq(campaigns.id, r.campaignId)).$dynamic();
    const window = and(gt(r.sentAt, reply.since), lte(r.sentAt, reply.until), inArray(r.status, REACHED));
    if (reply.contextWamid) {
      const [quoted] = await base()
        .where(and(eq(r.orgId, orgId), eq(r.providerMessageId, reply.contextWamid), window))
        .for('update', { of: r });
      if (quoted) return quoted;
    }
    const [latest] = await base()
      .where(and(eq(r.orgId, orgId), inArray(r.waId, waIdVariants(reply.waId)), window))
      .orderBy(desc(r.sentAt), desc(r.id))
      .limit(1)
      .for('update', { of: r });
    return latest;
  },

  /** SENT/DELIVERED/READ → REPLIED; a reply implies delivery and reading, so those times fill in. */
  markReplied: async (tx: Db, id: string, at: Date, now: Date): Promise<void> => {
    const when = at.toISOString();
    await tx.execute(sql`
      update ${campaignRecipients} set status = 'REPLIED', replied_at = ${when}::timestamptz,
        delivered_at = coalesce(delivered_at, ${when}::timestamptz),
        read_at = coalesce(read_at, ${when}::timestamptz), updated_at = ${now.toISOString()}::timestamptz
      where id = ${id} and status in ('SENT', 'DELIVERED', 'READ')`);
  },
};
