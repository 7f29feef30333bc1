import { sql } from 'drizzle-orm';
import type { CampaignsReport } from '@inbox/contracts';
import { queryRows, type Db } from '@inbox/platform';
import type { ResolvedQuery } from '../../reports/query';

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
 * stage counts every recipient that reached it or a later one: its time is set, or its status is
 * that stage or later), failure codes, and estimated against actual cost; totals over them. One
 * pass over their recipients, grouped small (campaign, status, code) before anything else. Each
 * cost counts in millionths (money has 6 decimals), summed as integers: exact, and a year's
 * million recipients without a numeric per row. The total's currency is null when the
 * campaigns' differ. Definitions: docs/metrics.md section 7.
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
            count(sent_at)::int as sent, count(delivered_at)::int as delivered, count(read_at)::int as read,
            count(replied_at)::int as replied, sum((cost * 1000000)::bigint) as micros
          from analytics.campaign_recipients
          where org_id = ${orgId} and campaign_id in (select id from chosen)
          group by campaign_id, status, error_code
        ),
        funnel as (
          select campaign_id,
            sum(case when status in ('SENT', 'DELIVERED', 'READ', 'REPLIED') then n else sent end)::int as sent,
            sum(case when status in ('DELIVERED', 'READ', 'REPLIED') then n else delivered end)::int as delivered,
            sum(case when status in ('READ', 'REPLIED') then n else read end)::int as read,
            sum(case when status = 'REPLIED' then n else replied end)::int as replied,
            coalesce(sum(n) filter (where status = 'FAILED'), 0)::int as failed,
            coalesce(sum(micros), 0) as micros,
            json_agg(json_build_object('code', coalesce(error_code, ${UNKNOWN_FAILURE_CODE}), 'count', n))
              filter (where status = 'FAILED') as codes
          from grouped group by campaign_id
        )
        select c.id as "campaignId", c.name, c.created_at as "createdAt", c.status, c.recipients,
          coalesce(f.sent, 0) as sent, coalesce(f.delivered, 0) as delivered, coalesce(f.read, 0) as read,
          coalesce(f.replied, 0) as replied, coalesce(f.failed, 0) as failed,
          round(c.estimated_cost::numeric, 6)::float8 as "estimatedCost",
          (coalesce(f.micros, 0) / 1000000.0)::float8 as "actualCost", c.currency, f.codes as "failureCodes",
          round(sum(c.estimated_cost::numeric) over (), 6)::float8 as "totalEstimatedCost",
          (sum(coalesce(f.micros, 0)) over () / 1000000.0)::float8 as "totalActualCost",
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
