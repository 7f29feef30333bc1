import type { CallerContext } from '@inbox/platform';
import { costsRepository } from '../../db/repositories/costs.repository';
import type { CampaignsDeps } from '../../deps';
import { findCampaign } from '../campaigns/get-campaign';

const money = (n: number) => Math.round(n * 1e6) / 1e6;

export interface ProviderCostResult {
  campaignId: string;
  currency: string;
  total: number;
  billableMessages: number;
  freeMessages: number;
  categories: Array<{ category: string; messages: number; amount: number }>;
  markets: Array<{ market: string; name: string; recipients: number; rate: number; amount: number }>;
  estimated: number;
}

/**
 * GET /campaigns/{id}/provider-cost: what WhatsApp will charge for the campaign — the billable
 * deliveries its status webhooks reported (pricing type `regular`), each at the rate card's rate of
 * the recipient's market and WhatsApp's pricing category; free ones counted apart.
 */
export async function getProviderCost(
  deps: CampaignsDeps,
  caller: CallerContext,
  id: string,
): Promise<ProviderCostResult> {
  const campaign = await findCampaign(deps, caller, id);
  const groups = await costsRepository.groups(deps.db, campaign.id);
  const categories = new Map<string, { category: string; messages: number; amount: number }>();
  const markets = new Map<string, ProviderCostResult['markets'][number]>();
  for (const g of groups) {
    const category = g.category ?? 'unknown';
    const c = categories.get(category) ?? { category, messages: 0, amount: 0 };
    c.messages += g.billable;
    c.amount += g.amount;
    categories.set(category, c);
    const rates = deps.pricing.card.markets.find((m) => m.market === g.market);
    const m = markets.get(g.market) ?? {
      market: g.market,
      name: rates?.name ?? g.market,
      recipients: 0,
      rate: rates ? deps.pricing.rateFor(rates, category) : 0,
      amount: 0,
    };
    m.recipients += g.billable;
    m.amount += g.amount;
    markets.set(g.market, m);
  }
  const byAmount = <T extends { amount: number }>(list: T[]) =>
    list.map((x) => ({ ...x, amount: money(x.amount) })).sort((a, b) => b.amount - a.amount);
  return {
    campaignId: campaign.id,
    currency: campaign.currency,
    total: money(groups.reduce((t, g) => t + g.amount, 0)),
    billableMessages: groups.reduce((t, g) => t + g.billable, 0),
    freeMessages: groups.reduce((t, g) => t + g.free, 0),
    categories: byAmount([...categories.values()]),
    markets: byAmount([...markets.values()]),
    estimated: campaign.estimatedCost,
  };
}
