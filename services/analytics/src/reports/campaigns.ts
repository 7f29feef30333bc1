import { sql } from 'drizzle-orm';
import type { CampaignsReport } from '@inbox/contracts';
import { queryRows, type Db } from '@inbox/platform';
import type { ResolvedQuery } from './query';

type CampaignRow = CampaignsReport['campaigns'][number];
type Code = { code: string; count: number };

/** A failed recipient WhatsApp gave no error code for (failure codes then add up to `failed`). */
export const UNKNOWN_FAILURE_CODE = 'UNKNOWN';

/**
 * Campaigns created in the range, newest first, each with its funnel from its recipients (a
 * stage counts every recipient that reached it or a later one), failure codes, and estimated
 * against actual cost; totals over them. Money is summed as numeric and rounded to 6 decimals;
 * the total's currency is null when the campaigns' differ. Definitions: docs/metrics.md.
 */
export async function campaignsReport(
  db: Db,
  orgId: number,
  q: ResolvedQuery,
): Promise<Omit<CampaignsReport, 'range' | 'previous' | 'generatedAt' | 'cached'>> {
  const from = q.from.toISOString();
  const to = q.to.toISOString();
  const inRange = sql`select id from analytics.campaigns
    where org_id = ${orgId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz`;
  const rows = await queryRows<
    Omit<CampaignRow, 'createdAt' | 'failureCodes'> & { createdAt: Date | string }
  >(
    db,
    sql`with funnel as (
          select campaign_id,
            count(*) filter (where sent_at is not null
              or status in ('SENT', 'DELIVERED', 'READ', 'REPLIED'))::int as sent,
            count(*) filter (where delivered_at is not null or status in ('DELIVERED', 'READ', 'REPLIED'))::int as delivered,
            count(*) filter (where read_at is not null or status in ('READ', 'REPLIED'))::int as read,
            count(*) filter (where replied_at is not null or status = 'REPLIED')::int as replied,
            count(*) filter (where status = 'FAILED')::int as failed,
            coalesce(sum(cost::numeric), 0) as cost
          from analytics.campaign_recipients
          where org_id = ${orgId} and campaign_id in (${inRange})
          group by campaign_id
        )
        select c.id as "campaignId", c.name, c.created_at as "createdAt", c.status,
          c.recipients, coalesce(f.sent, 0) as sent, coalesce(f.delivered, 0) as delivered,
          coalesce(f.read, 0) as read, coalesce(f.replied, 0) as replied, coalesce(f.failed, 0) as failed,
          round(c.estimated_cost::numeric, 6)::float8 as "estimatedCost",
          round(coalesce(f.cost, 0), 6)::float8 as "actualCost", c.currency
        from analytics.campaigns c left join funnel f on f.campaign_id = c.id
        where c.org_id = ${orgId} and c.created_at >= ${from}::timestamptz and c.created_at < ${to}::timestamptz
        order by c.created_at desc, c.id desc`,
  );
  const codes = await queryRows<{ campaignId: string; code: string; count: number }>(
    db,
    sql`select campaign_id as "campaignId", coalesce(error_code, ${UNKNOWN_FAILURE_CODE}) as code,
          count(*)::int as count
        from analytics.campaign_recipients
        where org_id = ${orgId} and campaign_id in (${inRange}) and status = 'FAILED'
        group by 1, 2`,
  );
  // Totals of money summed exactly (numeric), then rounded once.
  const [money] = await queryRows<{ estimatedCost: number; actualCost: number; currency: string | null }>(
    db,
    sql`select round(coalesce(sum(c.estimated_cost::numeric), 0), 6)::float8 as "estimatedCost",
          round(coalesce((select sum(r.cost::numeric) from analytics.campaign_recipients r
            where r.org_id = ${orgId} and r.campaign_id in (${inRange})), 0), 6)::float8 as "actualCost",
          case when count(distinct c.currency) = 1 and count(c.currency) = count(*) then min(c.currency) end as currency
        from analytics.campaigns c
        where c.org_id = ${orgId} and c.created_at >= ${from}::timestamptz and c.created_at < ${to}::timestamptz`,
  );

  const codesBy = new Map<string, Code[]>();
  for (const c of codes) codesBy.set(c.campaignId, [...(codesBy.get(c.campaignId) ?? []), c]);
  const campaigns: CampaignRow[] = rows.map((r) => ({
    ...r,
    createdAt: new Date(r.createdAt).toISOString(),
    failureCodes: byCountDesc((codesBy.get(r.campaignId) ?? []).map(({ code, count }) => ({ code, count }))),
  }));
  const total = (key: 'recipients' | 'sent' | 'delivered' | 'read' | 'replied' | 'failed') =>
    campaigns.reduce((n, c) => n + c[key], 0);
  const allCodes = new Map<string, number>();
  for (const c of codes) allCodes.set(c.code, (allCodes.get(c.code) ?? 0) + c.count);

  return {
    totals: {
      recipients: total('recipients'),
      sent: total('sent'),
      delivered: total('delivered'),
      read: total('read'),
      replied: total('replied'),
      failed: total('failed'),
      estimatedCost: money?.estimatedCost ?? 0,
      actualCost: money?.actualCost ?? 0,
      currency: money?.currency ?? null,
    },
    campaigns,
    failureCodes: byCountDesc([...allCodes].map(([code, count]) => ({ code, count }))),
  };
}

const byCountDesc = (codes: Code[]): Code[] =>
  [...codes].sort((a, b) => b.count - a.count || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
