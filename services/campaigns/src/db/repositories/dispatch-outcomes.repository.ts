import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@inbox/platform';
import { campaignRecipients as r, type StoredRecipientStatus } from '../schema';

/**
 * The send workers' outcome batches: the recipients locked in id order, then one multi-row update
 * per kind of outcome (accepted, refused, handed back), its rows in one JSON parameter.
 */

/** A recipient as an outcome is about to change it, locked until the transaction ends. */
export interface LockedRecipient {
  id: string;
  orgId: number;
  campaignId: string;
  phone: string;
  status: StoredRecipientStatus;
  errorCode: string | null;
  waId: string | null;
  providerMessageId: string | null;
}

export interface SentRow {
  id: string;
  /** Whether the status moves to SENT (else only the wamid, wa_id and sent time are filled in if missing). */
  apply: boolean;
  wamid: string;
  waId: string;
  at: Date;
}
export interface FailedRow {
  id: string;
  code: string;
  title: string;
  details: string | null;
  retryableAfter: Date | null;
  at: Date;
}
export interface ReleasedRow {
  id: string;
  notBefore: Date | null;
}

export const dispatchOutcomesRepository = {
  /** Locks the recipients an outcome batch changes, in id order (the order every batch writer uses). */
  lockForOutcome: async (tx: Db, ids: string[]): Promise<Map<string, LockedRecipient>> => {
    if (ids.length === 0) return new Map();
    // Written out rather than built, ids in one JSON parameter: this runs for every batch.
    const rows = await queryRows<LockedRecipient>(
      tx,
      sql`select id, org_id as "orgId", campaign_id as "campaignId", phone, status,
            error_code as "errorCode", wa_id as "waId", provider_message_id as "providerMessageId"
          from ${r}
          where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
          order by id
          for update`,
    );
    return new Map(rows.map((row) => [row.id, row]));
  },

  writeSent: async (tx: Db, rows: SentRow[], now: Date): Promise<void> => {
    if (rows.length === 0) return;
    const json = rows.map((s) => ({
      id: s.id,
      apply: s.apply,
      wamid: s.wamid,
      wa_id: s.waId,
      sent_at: s.at,
    }));
    await tx.execute(sql`
      update ${r} set
        status = case when v.apply then 'SENT' else ${r.status} end,
        provider_message_id = coalesce(${r.providerMessageId}, v.wamid),
        wa_id = coalesce(${r.waId}, v.wa_id),
        sent_at = coalesce(${r.sentAt}, v.sent_at),
        lease_until = null,
        error_code = case when v.apply then null else ${r.errorCode} end,
        error_title = case when v.apply then null else ${r.errorTitle} end,
        error_details = case when v.apply then null else ${r.errorDetails} end,
        failed_at = case when v.apply then null else ${r.failedAt} end,
        updated_at = ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(json)}::jsonb)
        as v(id text, apply boolean, wamid text, wa_id text, sent_at timestamptz)
      where ${r.id} = v.id`);
  },

  writeFailed: async (tx: Db, rows: FailedRow[], now: Date): Promise<void> => {
    if (rows.length === 0) return;
    const json = rows.map((f) => ({
      id: f.id,
      code: f.code,
      title: f.title,
      details: f.details,
      retryable_after: f.retryableAfter,
      failed_at: f.at,
    }));
    await tx.execute(sql`
      update ${r} set status = 'FAILED', error_code = v.code, error_title = v.title, error_details = v.details,
        retryable_after = v.retryable_after, failed_at = v.failed_at, lease_until = null,
        updated_at = ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(json)}::jsonb)
        as v(id text, code text, title text, details text, retryable_after timestamptz, failed_at timestamptz)
      where ${r.id} = v.id`);
  },

  /** Back to PENDING: the send was refused before WhatsApp acted (throttled, deferred, paused). */
  writeReleased: async (tx: Db, rows: ReleasedRow[], now: Date): Promise<void> => {
    if (rows.length === 0) return;
    const json = rows.map((x) => ({ id: x.id, not_before: x.notBefore }));
    await tx.execute(sql`
      update ${r} set status = 'PENDING', not_before = v.not_before, lease_until = null, error_code = null,
        error_title = null, error_details = null, failed_at = null, updated_at = ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as v(id text, not_before timestamptz)
      where ${r.id} = v.id`);
  },
};
