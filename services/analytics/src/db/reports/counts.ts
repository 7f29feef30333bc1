import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '@inbox/platform';
import { bucketIndexSql } from './bucket-sql';
import { inSpans, slotSpans } from './spans';

const at = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;

/** Per bucket (index into the starts): the counts of section 2 of docs/metrics.md that add up. */
export interface SlotRow {
  b: number;
  /** Conversations created, and those of them reopened at least once. */
  created: number;
  reopened: number;
  /** Cycles resolved (a reopened conversation counts once per resolution). */
  closed: number;
  in: number;
  out: number;
}

/**
 * Counts of [from, to) per bucket of `starts` (local hours or days: whole 15-minute slots, as every
 * zone's offset is a multiple of 15 minutes): the whole slots from slot_counts, a partial slot at
 * either end from the rows. Messages are counted by slot as they are kept (a slot in the range
 * counts whole).
 */
export function slotSeries(db: Db, orgId: number, from: Date, to: Date, starts: readonly Date[]) {
  const { inner, outer } = slotSpans(from, to);
  const whole = inner ? inSpans(sql`slot`, [inner]) : sql`false`;
  return queryRows<SlotRow>(
    db,
    sql`select b, sum(created)::int as created, sum(reopened)::int as reopened, sum(closed)::int as closed,
          sum(mi)::int as "in", sum(mo)::int as "out"
        from (
          select ${bucketIndexSql(sql`slot`, starts)} as b,
            case when ${whole} then created else 0 end as created,
            case when ${whole} then reopened else 0 end as reopened,
            case when ${whole} then cycles_resolved else 0 end as closed,
            messages_in as mi, messages_out as mo
          from analytics.slot_counts
          where org_id = ${orgId} and slot >= ${at(from)} and slot < ${at(to)}
          union all
          select ${bucketIndexSql(sql`created_at`, starts)}, 1, (reopen_count > 0)::int, 0, 0, 0
          from analytics.conversations where org_id = ${orgId} and ${inSpans(sql`created_at`, outer)}
          union all
          select ${bucketIndexSql(sql`resolved_at`, starts)}, 0, 0, 1, 0, 0
          from analytics.conversation_cycles where org_id = ${orgId} and ${inSpans(sql`resolved_at`, outer)}
        ) counted
        group by b`,
  );
}

/**
 * Conversations open at `instant`: cycles running then (started before it, not resolved before
 * it; docs/metrics.md). Cycles started before it, less those resolved before it, from the slots
 * before the instant's slot and the rows of that slot; plus the few resolved before it that started
 * after it (a close stamped before its cycle's start), which the subtraction took away wrongly.
 */
export async function openAt(db: Db, orgId: number, instant: Date): Promise<number> {
  const { inner } = slotSpans(new Date(0), instant);
  const slotStart = inner?.to ?? new Date(0);
  const [row] = await queryRows<{ open: number }>(
    db,
    sql`select (
          coalesce((select sum(cycles_started - cycles_resolved) from analytics.slot_counts
                    where org_id = ${orgId} and slot < ${at(slotStart)}), 0)
          + (select count(*) from analytics.conversation_cycles where org_id = ${orgId}
               and started_at >= ${at(slotStart)} and started_at < ${at(instant)})
          - (select count(*) from analytics.conversation_cycles where org_id = ${orgId}
               and resolved_at >= ${at(slotStart)} and resolved_at < ${at(instant)})
          + (select count(*) from analytics.conversation_cycles where org_id = ${orgId}
               and resolved_at < started_at and resolved_at < ${at(instant)} and started_at >= ${at(instant)})
        )::int as open`,
  );
  return row.open;
}
