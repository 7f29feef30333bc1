import { sql } from 'drizzle-orm';
import type { CampaignsReport } from '@inbox/contracts';
import { queryRows, type Db } from '@inbox/platform';
import type { ResolvedQuery } from './query';

type CampaignRow = CampaignsReport['campaigns'][number];
type Code = { code: string; count: number };

/** A failed recipient WhatsApp gave no error code for (failure codes then add up to `failed`). */
export const UNKNOWN_FAILURE_CODE = 'UNKNOWN';

type Row = Omit<CampaignRow, 'createdAt' | 'failureCodes'> & {
  createdAt: Date | string;
  failureCodes: Code[] | null;
  totalEstimatedCost: number;
  totalActualCost: number;
  sameCurrency: boolean;
};

/**
 * Campaigns created in the range, newest first, each with its funnel from its recipients (a
 * stage counts every recipient that reached it or a later one), failure codes, and estimated
 * against actual cost; totals over them. One pass over their recipients, grouped small (campaign,
 * status, code) before anything else. Money is summed as numeric (exact) and rounded to 6
 * decimals once; the total's currency is null when the campaigns' differ. Definitions:
 * docs/metrics.md section 7.
 */
export async function campaignsReport(
  db: Db,
  orgId: number,
  q: ResolvedQuery,
): Promise<Omit<CampaignsReport, 'range' | 'previous' | 'generatedAt' | 'cached'>> {
  const rows = await queryRows<Row>(
    db,
    sql`with chosen as (
          select id, name, created_at, status, recipients, estimated_cost, currency
          from analytics.campaigns
          where org_id = ${orgId} and created_at >= ${q.from.toISOString()}::timestamptz
            and created_at < ${q.to.toISOString()}::timestamptz
        ),
        grouped as (
          select campaign_id, status, error_code, count(*)::int as n,
            count(*) filter (where sent_at is not null or status in ('SENT', 'DELIVERED', 'READ', 'REPLIED'))::int as sent,
            count(*) filter (where delivered_at is not null or status in ('DELIVERED', 'READ', 'REPLIED'))::int as delivered,
            count(*) filter (where read_at is not null or status in ('READ', 'REPLIED'))::int as read,
            count(*) filter (where replied_at is not null or status = 'REPLIED')::int as replied,
            sum(cost::numeric) as cost
          from analytics.campaign_recipients
          where org_id = ${orgId} and campaign_id in (select id from chosen)
          group by campaign_id, status, error_code
        ),
        funnel as (
          select campaign_id, sum(sent)::int as sent, sum(delivered)::int as delivered, sum(read)::int as read,
            sum(replied)::int as replied, coalesce(sum(n) filter (where status = 'FAILED'), 0)::int as failed,
            coalesce(sum(cost), 0) as cost,
            json_agg(json_build_object('code', coalesce(error_code, ${UNKNOWN_FAILURE_CODE}), 'count', n))
              filter (where status = 'FAILED') as codes
          from grouped group by campaign_id
        )
        select c.id as "campaignId", c.name, c.created_at as "createdAt", c.status, c.recipients,
          coalesce(f.sent, 0) as sent, coalesce(f.delivered, 0) as delivered, coalesce(f.read, 0) as read,
          coalesce(f.replied, 0) as replied, coalesce(f.failed, 0) as failed,
          round(c.estimated_cost::numeric, 6)::float8 as "estimatedCost",
          round(coalesce(f.cost, 0), 6)::float8 as "actualCost", c.currency, f.codes as "failureCodes",
          round(sum(c.estimated_cost::numeric) over (), 6)::float8 as "totalEstimatedCost",
          round(sum(coalesce(f.cost, 0)) over (), 6)::float8 as "totalActualCost",
          count(c.currency) over () = count(*) over () and min(c.currency) over () = max(c.currency) over ()
            as "sameCurrency"
        from chosen c left join funnel f on f.campaign_id = c.id
        order by c.created_at desc, c.id desc`,
  );

  const campaigns: CampaignRow[] = rows.map(
    ({ totalEstimatedCost: _e, totalActualCost: _a, sameCurrency: _s, ...r }) => ({
      ...r,
      createdAt: new Date(r.createdAt).toISOString(),
      failureCodes: byCountDesc(mergeCodes(r.failureCodes ?? [])),
    }),
  );
  const total = (key: 'recipients' | 'sent' | 'delivered' | 'read' | 'replied' | 'failed') =>
    campaigns.reduce((n, c) => n + c[key], 0);
  const first = rows[0];
  return {
    totals: {
      recipients: total('recipients'),
      sent: total('sent'),
      delivered: total('delivered'),
      read: total('read'),
      replied: total('replied'),
      failed: total('failed'),
      estimatedCost: first?.totalEstimatedCost ?? 0,
      actualCost: first?.totalActualCost ?? 0,
      currency: first?.sameCurrency ? first.currency : null,
    },
    campaigns,
    failureCodes: byCountDesc(mergeCodes(campaigns.flatMap((c) => c.failureCodes))),
  };
}

/** Adds up counts of the same code (a null code and the literal UNKNOWN land together). */
function mergeCodes(codes: Code[]): Code[] {
  const counts = new Map<string, number>();
  for (const { code, count } of codes) counts.set(code, (counts.get(code) ?? 0) + count);
  return [...counts].map(([code, count]) => ({ code, count }));
}

const byCountDesc = (codes: Code[]): Code[] =>
  [...codes].sort((a, b) => b.count - a.count || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
