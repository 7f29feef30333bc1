import { sql } from 'drizzle-orm';
import type { BotReport } from '@inbox/contracts';
import { queryRows, type Db } from '@inbox/platform';
import type { ResolvedQuery } from '../../reports/query';
import { ratio } from '../../reports/stats';
import { cohortTotals, facetCounts } from './facets';
import { daySpans, inSpans } from './spans';

const TOP = 10;

/**
 * The bot's cohort (conversations it started, created in the range: handled, contained, handed
 * off by reason, their categories; from the daily facets) and its turns in the range (fallback
 * rate, top intents, the intents most often followed by a handoff). Definitions: docs/metrics.md.
 */
export async function botReport(
  db: Db,
  orgId: number,
  q: ResolvedQuery,
): Promise<Omit<BotReport, 'range' | 'previous' | 'generatedAt' | 'cached'>> {
  const facets = await facetCounts(db, orgId, q.from, q.to, ['bot_category', 'bot_reason', 'bot_outcome']);
  const totals = cohortTotals(facets);
  const turns = await turnCounts(db, orgId, q.from, q.to);

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
      facets.filter((f) => f.field === 'bot_reason').map((f) => ({ key: f.value, count: f.count })),
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
      facets.filter((f) => f.field === 'bot_category').map((f) => ({ key: f.value, count: f.count })),
    ).map(({ key, count }) => ({ category: key, count })),
  };
}

/**
 * Answer and fallback turns in [from, to) by kind and intent, and the answers followed by a
 * handoff (bot_turns.followed_by_handoff): whole UTC days from bot_turn_days, the partial days at
 * the ends from the turns.
 */
async function turnCounts(db: Db, orgId: number, from: Date, to: Date) {
  const { days, raw } = daySpans(from, to);
  return queryRows<{ kind: string; intent: string | null; n: number; followed: number }>(
    db,
    sql`select kind, intent, sum(count)::int as n, sum(followed)::int as followed
        from (
          select kind, intent, count, followed from analytics.bot_turn_days
          where org_id = ${orgId} and ${inSpans(sql`day`, [days])} and kind in ('answer', 'fallback')
          union all
          select kind, intent, 1, followed_by_handoff::int from analytics.bot_turns
          where org_id = ${orgId} and ${inSpans(sql`at`, raw)} and kind in ('answer', 'fallback')
        ) counted
        group by kind, intent
        having sum(count) <> 0`,
  );
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
