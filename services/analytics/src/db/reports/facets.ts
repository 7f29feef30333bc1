import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@inbox/platform';
import { daySpans, inSpans } from './spans';

/**
 * The fields of conversation_facets (analytics.conversation_facet_values): category, origin, team,
 * status over every conversation; bot_category, bot_reason (handed off only) and bot_outcome
 * (handed_off, contained, other) over the bot's.
 */
export type FacetField =
  'category' | 'origin' | 'team' | 'status' | 'bot_category' | 'bot_reason' | 'bot_outcome';

export interface FacetCount {
  field: FacetField;
  value: string | null;
  count: number;
}

/**
 * Conversations created in [from, to) by the current value of each field: whole UTC days from
 * conversation_facets, the partial days at the ends from the conversations (through the same
 * function the rollup counts with). Values counted 0 are left out.
 */
export async function facetCounts(
  db: Db,
  orgId: number,
  from: Date,
  to: Date,
  fields: readonly FacetField[],
): Promise<FacetCount[]> {
  const { days, raw } = daySpans(from, to);
  const names = sql.join(
    fields.map((f) => sql`${f}`),
    sql`, `,
  );
  return queryRows<FacetCount>(
    db,
    sql`select field, value, sum(count)::int as count
        from (
          select field, value, count from analytics.conversation_facets
          where org_id = ${orgId} and ${inSpans(sql`day`, [days])} and field in (${names})
          union all
          select v.field, v.value, 1
          from analytics.conversations c
          cross join lateral analytics.conversation_facet_values(c.category, c.origin, c.team_id, c.status,
            c.bot_started, c.handed_off_at, c.handoff_reason, c.contained) v
          where c.org_id = ${orgId} and ${inSpans(sql`c.created_at`, raw)} and v.field in (${names})
        ) counted
        group by field, value
        having sum(count) <> 0`,
  );
}

/** The bot's cohort in [from, to) from the facets: handled, contained, handed off. */
export function cohortTotals(facets: readonly FacetCount[]) {
  const outcome = (value: string) =>
    facets.filter((f) => f.field === 'bot_outcome' && f.value === value).reduce((n, f) => n + f.count, 0);
  const handled = facets.filter((f) => f.field === 'bot_outcome').reduce((n, f) => n + f.count, 0);
  return { handled, contained: outcome('contained'), handedOff: outcome('handed_off') };
}
