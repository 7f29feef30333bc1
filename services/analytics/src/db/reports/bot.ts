import { sql } from 'drizzle-orm';
import type { BotReport } from '@inbox/contracts';
import { queryRows, type Db } from '@inbox/platform';
import type { ResolvedQuery } from '../../reports/query';
import { ratio } from '../../reports/stats';

const TOP = 10;

/**
 * The bot's cohort (conversations it started, created in the range: handled, contained, handed
 * off by reason, their categories) and its turns in the range (fallback rate, top intents, the
 * intents most often followed by a handoff). Definitions: docs/metrics.md.
 */
export async function botReport(
  db: Db,
  orgId: number,
  q: ResolvedQuery,
): Promise<Omit<BotReport, 'range' | 'previous' | 'generatedAt' | 'cached'>> {
  const from = q.from.toISOString();
  const to = q.to.toISOString();
  // One pass over the cohort: the totals, per category and per handoff reason.
  const cohort = await queryRows<{
    byCategory: boolean;
    byReason: boolean;
    key: string | null;
    handled: number;
    contained: number;
    handedOff: number;
  }>(
    db,
    sql`select grouping(category) = 0 as "byCategory", grouping(handoff_reason) = 0 as "byReason",
          coalesce(category, handoff_reason) as key, count(*)::int as handled,
          count(*) filter (where contained and handed_off_at is null)::int as contained,
          count(*) filter (where handed_off_at is not null)::int as "handedOff"
        from analytics.conversations
        where org_id = ${orgId} and bot_started
          and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
        group by grouping sets ((), (category), (handoff_reason))`,
  );
  // Turns in the range by kind and intent; an answer is followed by a handoff when its
  // conversation was handed off at or after it (so only conversations handed off since `from`
  // are joined: a smaller hash).
  const turns = await queryRows<{ kind: string; intent: string | null; n: number; followed: number }>(
    db,
    sql`select t.kind, t.intent, count(*)::int as n,
          count(*) filter (where c.handed_off_at >= t.at)::int as followed
        from analytics.bot_turns t
        left join (
          select id, handed_off_at from analytics.conversations
          where org_id = ${orgId} and handed_off_at >= ${from}::timestamptz
        ) c on t.kind = 'answer' and c.id = t.conversation_id
        where t.org_id = ${orgId} and t.at >= ${from}::timestamptz and t.at < ${to}::timestamptz
          and t.kind in ('answer', 'fallback')
        group by t.kind, t.intent`,
  );

  const totals = cohort.find((r) => !r.byCategory && !r.byReason) ?? {
    handled: 0,
    contained: 0,
    handedOff: 0,
  };
  const sum = (kind: string) => turns.filter((t) => t.kind === kind).reduce((n, t) => n + t.n, 0);
  const answers = sum('answer');
  const fallbacks = sum('fallback');
  const intents = turns
    .filter((t): t is typeof t & { intent: string } => t.kind === 'answer' && t.intent !== null)
    .map((t) => ({ intent: t.intent, answered: t.n, followedByHandoff: t.followed }));

  return {
    handled: totals.handled,
    contained: totals.contained,
    handedOff: totals.handedOff,
    handoffsByReason: countsDesc(
      cohort.filter((r) => r.byReason && r.handedOff > 0).map((r) => ({ key: r.key, count: r.handedOff })),
    ).map(({ key, count }) => ({ reason: key, count })),
    containmentRate: ratio(totals.contained, totals.handled),
    fallbackRate: ratio(fallbacks, answers + fallbacks),
    topIntents: [...intents]
      .sort((a, b) => b.answered - a.answered || compareText(a.intent, b.intent))
      .slice(0, TOP)
      .map((i) => ({ intent: i.intent, count: i.answered })),
    failingIntents: intents
      .map((i) => ({ ...i, exact: i.followedByHandoff / i.answered }))
      .sort(
        (a, b) =>
          b.exact - a.exact || b.followedByHandoff - a.followedByHandoff || compareText(a.intent, b.intent),
      )
      .slice(0, TOP)
      .map(({ intent, answered, followedByHandoff }) => ({
        intent,
        answered,
        followedByHandoff,
        rate: ratio(followedByHandoff, answered),
      })),
    categories: countsDesc(
      cohort.filter((r) => r.byCategory).map((r) => ({ key: r.key, count: r.handled })),
    ).map(({ key, count }) => ({ category: key, count })),
  };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Largest first; ties by key, null last. */
function countsDesc<T extends { key: string | null; count: number }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => {
    if (b.count !== a.count) return b.count - a.count;
    if (a.key === b.key) return 0;
    if (a.key === null) return 1;
    if (b.key === null) return -1;
    return compareText(a.key, b.key);
  });
}
