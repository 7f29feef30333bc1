import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { CampaignPauseCode, CampaignStatus } from '@inbox/contracts';
import { queryRows, type Db } from '@inbox/platform';
import { OUTCOME_UNKNOWN, UNFINISHED_RECIPIENT_STATUSES } from '../../domain/recipient-status';
import { campaignLeases, campaignRecipients as r, campaigns } from '../schema';

/**
 * The statements of the send workers: a slice's campaign and recipients, one claim per send,
 * the campaign's automatic transitions, the lease sweeper's passes (outcomes: dispatch-outcomes).
 */

export interface SendCampaign {
  id: string;
  orgId: number;
  name: string;
  templateId: string;
  templateName: string;
  templateLanguage: string;
  phoneNumberId: string;
  status: CampaignStatus;
  total: number;
}

export interface SliceRecipient {
  id: string;
  seq: number;
  phone: string;
  components: Record<string, unknown>[];
  notBefore: Date | null;
  attempts: number;
}

/** A recipient the lease sweeper or a status change touched, with what an event about it needs. */
export interface RecipientChange {
  id: string;
  orgId: number;
  campaignId: string;
  phone: string;
  waId: string | null;
  providerMessageId: string | null;
}

export const dispatchRepository = {
  campaign: async (db: Db, campaignId: string): Promise<SendCampaign | undefined> =>
    (
      await db
        .select({
          id: campaigns.id,
          orgId: campaigns.orgId,
          name: campaigns.name,
          templateId: campaigns.templateId,
          templateName: campaigns.templateName,
          templateLanguage: campaigns.templateLanguage,
          phoneNumberId: campaigns.phoneNumberId,
          status: campaigns.status,
          total: campaigns.total,
        })
        .from(campaigns)
        .where(eq(campaigns.id, campaignId))
    )[0],

  status: async (db: Db, campaignId: string): Promise<CampaignStatus | undefined> =>
    (await db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId)))[0]
      ?.status,

  /**
   * → SENDING from one of `from` (the lifecycle's 'start'); `first` when it had never started
   * (started_at set now). Undefined when it was in none of them.
   */
  start: async (
    tx: Db,
    campaignId: string,
    from: CampaignStatus[],
    now: Date,
  ): Promise<{ startedAt: Date; first: boolean } | undefined> => {
    const rows = await tx
      .update(campaigns)
      .set({
        status: 'SENDING',
        startedAt: sql`coalesce(${campaigns.startedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(and(eq(campaigns.id, campaignId), inArray(campaigns.status, from)))
      .returning({ startedAt: campaigns.startedAt });
    const startedAt = rows[0]?.startedAt;
    return startedAt ? { startedAt, first: startedAt.getTime() === now.getTime() } : undefined;
  },

  /** The slice's recipients still to send, in order (SENT, FAILED and claimed ones are left out). */
  pendingInSlice: async (
    db: Db,
    campaignId: string,
    fromSeq: number,
    toSeq: number,
  ): Promise<SliceRecipient[]> =>
    db
      .select({
        id: r.id,
        seq: r.seq,
        phone: r.phone,
        components: r.components,
        notBefore: r.notBefore,
        attempts: r.attempts,
      })
      .from(r)
      .where(
        and(eq(r.campaignId, campaignId), eq(r.status, 'PENDING'), gte(r.seq, fromSeq), lt(r.seq, toSeq)),
      )
      .orderBy(asc(r.seq)),

  /**
   * Claims one recipient for one send, in its own statement: PENDING → DISPATCHING with a lease,
   * only while its campaign is SENDING (a pause stops the next claim). The attempt number, or
   * undefined when it is not PENDING or the campaign stopped.
   */
  claim: async (
    db: Db,
    campaignId: string,
    recipientId: string,
    leaseUntil: Date,
    now: Date,
  ): Promise<number | undefined> => {
    const rows = await queryRows<{ attempts: number }>(
      db,
      sql`update ${r} set status = 'DISPATCHING', lease_until = ${leaseUntil.toISOString()}::timestamptz,
            attempts = attempts + 1, not_before = null, updated_at = ${now.toISOString()}::timestamptz
          where id = ${recipientId} and status = 'PENDING'
            and exists (select 1 from ${campaigns} c where c.id = ${campaignId} and c.status = 'SENDING')
          returning attempts`,
    );
    return rows[0]?.attempts;
  },

  /** The campaign's status and names, locked until the transaction ends. */
  lock: async (
    tx: Db,
    campaignId: string,
  ): Promise<{ status: CampaignStatus; name: string; templateId: string; total: number } | undefined> =>
    (
      await tx
        .select({
          status: campaigns.status,
          name: campaigns.name,
          templateId: campaigns.templateId,
          total: campaigns.total,
        })
        .from(campaigns)
        .where(eq(campaigns.id, campaignId))
        .for('update')
    )[0],

  /** PAUSED with WhatsApp's reason (the caller locked the row and checked the transition). */
  pause: async (tx: Db, campaignId: string, code: CampaignPauseCode, reason: string, now: Date) => {
    await tx
      .update(campaigns)
      .set({ status: 'PAUSED', pauseCode: code, pauseReason: reason, updatedAt: now })
      .where(eq(campaigns.id, campaignId));
  },

  /** Whether any recipient is still to be sent or being sent (the completion check, one index probe). */
  hasUnfinished: async (db: Db, campaignId: string): Promise<boolean> =>
    (
      await queryRows(
        db,
        sql`select 1 from ${r}
            where ${r.campaignId} = ${campaignId} and ${inArray(r.status, [...UNFINISHED_RECIPIENT_STATUSES])}
            limit 1`,
      )
    ).length > 0,

  /**
   * Once per campaign, when it finishes: recipients sent (SENT and beyond), failed, and accepted
   * by WhatsApp at some point (failed later included).
   */
  finishedCounts: async (
    tx: Db,
    campaignId: string,
  ): Promise<{ sent: number; failed: number; accepted: number }> =>
    (
      await queryRows<{ sent: number; failed: number; accepted: number }>(
        tx,
        sql`select count(*) filter (where status in ('SENT', 'DELIVERED', 'READ', 'REPLIED'))::int as sent,
                   count(*) filter (where status = 'FAILED')::int as failed,
                   count(*) filter (where status in ('SENT', 'DELIVERED', 'READ', 'REPLIED')
                                      or provider_message_id is not null)::int as accepted
            from ${r} where campaign_id = ${campaignId}`,
      )
    )[0],

  /** COMPLETED or FAILED (the lifecycle's 'finish'; the caller locked the row). */
  finish: async (tx: Db, campaignId: string, status: CampaignStatus, now: Date): Promise<void> => {
    await tx
      .update(campaigns)
      .set({ status, completedAt: now, updatedAt: now })
      .where(eq(campaigns.id, campaignId));
  },

  /** Campaigns SENDING now (the sweeper's completion checks: a handful, not a scan of recipients). */
  sendingCampaigns: async (db: Db): Promise<{ id: string; orgId: number }[]> =>
    db
      .select({ id: campaigns.id, orgId: campaigns.orgId })
      .from(campaigns)
      .where(eq(campaigns.status, 'SENDING')),

  /**
   * DISPATCHING past its lease → FAILED OUTCOME_UNKNOWN, at most `limit` a call: nobody knows
   * whether WhatsApp took the send, so it is never sent again (its status webhook still revives it).
   */
  failExpiredClaims: async (tx: Db, now: Date, title: string, limit: number): Promise<RecipientChange[]> =>
    queryRows<RecipientChange>(
      tx,
      sql`update ${r} set status = 'FAILED', error_code = ${OUTCOME_UNKNOWN}, error_title = ${title},
            error_details = null, failed_at = ${now.toISOString()}::timestamptz, lease_until = null,
            updated_at = ${now.toISOString()}::timestamptz
          where id in (select id from ${r} where status = 'DISPATCHING'
                         and lease_until < ${now.toISOString()}::timestamptz
                       order by lease_until limit ${limit} for update skip locked)
          returning id, org_id as "orgId", campaign_id as "campaignId", phone, wa_id as "waId",
                    provider_message_id as "providerMessageId"`,
    ),

  /**
   * Deferred recipients (131056) of SENDING campaigns whose wait is over: their `not_before` is
   * cleared so the send job published with them covers them once.
   */
  takeDueDeferred: async (
    tx: Db,
    now: Date,
    limit: number,
  ): Promise<{ campaignId: string; orgId: number; seq: number }[]> =>
    queryRows(
      tx,
      sql`update ${r} set not_before = null
          where id in (select x.id from ${r} x join ${campaigns} c on c.id = x.campaign_id
                       where x.status = 'PENDING' and x.not_before <= ${now.toISOString()}::timestamptz
                         and c.status = 'SENDING'
                       order by x.not_before limit ${limit} for update of x skip locked)
          returning campaign_id as "campaignId", org_id as "orgId", seq`,
    ),

  /**
   * Takes the named lease (or renews it, for the same holder) until `until`; false while another
   * holder has it and it has not run out. One statement, so racing replicas get one answer each.
   */
  takeLease: async (db: Db, name: string, holder: string, now: Date, until: Date): Promise<boolean> =>
    (
      await queryRows<{ holder: string }>(
        db,
        sql`insert into ${campaignLeases} as l (name, holder, expires_at)
            values (${name}, ${holder}, ${until.toISOString()}::timestamptz)
            on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
            where l.expires_at <= ${now.toISOString()}::timestamptz or l.holder = excluded.holder
            returning l.holder`,
      )
    ).length === 1,
};
