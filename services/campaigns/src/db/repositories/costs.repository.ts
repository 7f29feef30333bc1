import { and, count, eq, gte, isNotNull, sql, sum } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { campaignRecipients as r, campaigns } from '../schema';

export interface CostGroup {
  /** WhatsApp's pricing category (marketing, utility, …) or null before any pricing arrived. */
  category: string | null;
  market: string;
  /** Reported with `type: regular`. */
  billable: number;
  /** Reported with a free type (free_customer_service, free_entry_point). */
  free: number;
  amount: number;
}

export const costsRepository = {
  /** A campaign's reported pricing per category and market (recipients with no pricing left out). */
  groups: async (db: Db, campaignId: string): Promise<CostGroup[]> => {
    const rows = await db
      .select({
        category: r.pricingCategory,
        market: r.market,
        billable: sql<number>`count(*) filter (where ${r.pricingType} = 'regular')`.mapWith(Number),
        free: sql<number>`count(*) filter (where ${r.pricingType} <> 'regular')`.mapWith(Number),
        amount: sum(r.cost).mapWith(Number),
        n: count(),
      })
      .from(r)
      .where(and(eq(r.campaignId, campaignId), isNotNull(r.pricingType)))
      .groupBy(r.pricingCategory, r.market);
    return rows.map(({ n: _n, ...row }) => ({ ...row, amount: row.amount ?? 0 }));
  },

  /** The templates (name, language) of an organization's campaigns made since a time. */
  templatesUsedSince: async (db: Db, orgId: number, since: Date) =>
    db
      .selectDistinct({
        name: campaigns.templateName,
        language: campaigns.templateLanguage,
        templateId: campaigns.templateId,
      })
      .from(campaigns)
      .where(and(eq(campaigns.orgId, orgId), gte(campaigns.createdAt, since))),
};
