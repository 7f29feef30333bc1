import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { isoParam } from '../../projections/projection';
import { campaignRecipients } from '../schema';

/** The campaigns service's own word for a send whose answer it lost: WhatsApp's later word replaces it. */
export const OUTCOME_UNKNOWN = 'OUTCOME_UNKNOWN';

/**
 * How far a recipient got: statuses only move up. FAILED is final, above everything, except a
 * FAILED with OUTCOME_UNKNOWN, which ranks just above a claimed send so that any word from
 * WhatsApp (sent, delivered, read, a real failure) replaces it, whichever arrives first.
 */
const RANK: Record<string, number> = {
  PENDING: 0,
  DISPATCHING: 1,
  SENT: 3,
  DELIVERED: 4,
  READ: 5,
  REPLIED: 6,
  FAILED: 7,
};
const UNKNOWN_OUTCOME_RANK = 2;

/** The stages whose first time a status implies (READ without DELIVERED sets both). */
const STAGES = { sent: 3, delivered: 4, read: 5, replied: 6 } as const;

/** One move of one recipient, as `recipient.status_changed` carries it. */
export interface RecipientMove {
  recipientId: string;
  to: string;
  at: Date;
  errorCode: string | null;
  cost: number | null;
  /** When the send went out, if the event knows it better than `at` (a reply carries it). */
  sentAt?: Date;
}

/** The row a move makes on its own; merged into an existing row by the upsert below. */
function rowOf(move: RecipientMove) {
  const rank = RANK[move.to] ?? 0;
  const failed = move.to === 'FAILED';
  const stage = failed ? -1 : rank;
  const reached = (s: number) => (stage >= s ? move.at : null);
  return {
    recipientId: move.recipientId,
    status: move.to,
    sentAt: reached(STAGES.sent) && (move.sentAt ?? move.at),
    deliveredAt: reached(STAGES.delivered),
    readAt: reached(STAGES.read),
    repliedAt: reached(STAGES.replied),
    failedAt: failed ? move.at : null,
    errorCode: failed ? move.errorCode : null,
    cost: move.cost,
  };
}

const rankOf = (status: SQL, errorCode: SQL): SQL =>
  sql`(case when ${status} = 'FAILED' and ${errorCode} = ${OUTCOME_UNKNOWN} then ${UNKNOWN_OUTCOME_RANK}
    else case ${status} ${sql.join(
      Object.entries(RANK).map(([status, rank]) => sql`when ${status} then ${rank}`),
      sql` `,
    )} else 0 end end)`;

const existing = (column: string) => sql.raw(`r.${column}`);
const excluded = (column: string) => sql.raw(`excluded.${column}`);
const moves = sql`${rankOf(excluded('status'), excluded('error_code'))} > ${rankOf(existing('status'), existing('error_code'))}`;

/**
 * Applies moves to recipients in one statement per round (a batch may move one recipient twice,
 * and one statement cannot upsert a row twice). Merged in SQL against the stored row, so
 * concurrent batches of one campaign compose: the status only rises, each stage keeps its earliest
 * time, a failure's time and code come with the FAILED status (and go when WhatsApp's word
 * replaces an unknown outcome), the cost is the latest known.
 */
export async function applyRecipientMoves(
  tx: Db,
  orgId: number,
  campaignId: string,
  all: RecipientMove[],
): Promise<void> {
  for (const round of rounds(all)) {
    // Sorted: concurrent batches lock the same recipients in the same order.
    const values = round
      .map(rowOf)
      .sort((a, b) => (a.recipientId < b.recipientId ? -1 : 1))
      .map(
        (r) => sql`(${r.recipientId}, ${orgId}::int, ${campaignId}, ${r.status},
          ${isoParam(r.sentAt)}::timestamptz, ${isoParam(r.deliveredAt)}::timestamptz,
          ${isoParam(r.readAt)}::timestamptz, ${isoParam(r.repliedAt)}::timestamptz,
          ${isoParam(r.failedAt)}::timestamptz, ${r.errorCode}::text, ${r.cost}::float8)`,
      );
    await tx.execute(sql`
      insert into ${campaignRecipients} as r
        (recipient_id, org_id, campaign_id, status, sent_at, delivered_at, read_at, replied_at,
         failed_at, error_code, cost)
      values ${sql.join(values, sql`, `)}
      on conflict (recipient_id) do update set
        status = case when ${moves} then excluded.status else r.status end,
        failed_at = case when ${moves} then excluded.failed_at else r.failed_at end,
        error_code = case when ${moves} then excluded.error_code else r.error_code end,
        sent_at = least(r.sent_at, excluded.sent_at),
        delivered_at = least(r.delivered_at, excluded.delivered_at),
        read_at = least(r.read_at, excluded.read_at),
        replied_at = least(r.replied_at, excluded.replied_at),
        cost = coalesce(excluded.cost, r.cost)
      where r.org_id = excluded.org_id`);
  }
}

/** The moves split so that no round has a recipient twice, each recipient's moves in their order. */
function rounds(all: RecipientMove[]): RecipientMove[][] {
  const result: RecipientMove[][] = [];
  const seen = new Map<string, number>();
  for (const move of all) {
    const index = seen.get(move.recipientId) ?? 0;
    seen.set(move.recipientId, index + 1);
    (result[index] ??= []).push(move);
  }
  return result;
}
