import type { Pricing } from '../pricing/types';

export interface MarketAmount {
  market: string;
  name: string;
  recipients: number;
  rate: number;
  amount: number;
}

const money = (n: number) => Math.round(n * 1e6) / 1e6;

/** Phones (E.164) priced by market at a category's rate: largest amount first, and the total. */
export function marketBreakdown(
  pricing: Pricing,
  phones: readonly string[],
  category: string,
): { markets: MarketAmount[]; total: number } {
  const byMarket = new Map<string, MarketAmount>();
  for (const phone of phones) {
    const market = pricing.marketOf(phone);
    const entry = byMarket.get(market.market) ?? {
      market: market.market,
      name: market.name,
      recipients: 0,
      rate: pricing.rateFor(market, category),
      amount: 0,
    };
    entry.recipients += 1;
    byMarket.set(market.market, entry);
  }
  const markets = [...byMarket.values()]
    .map((m) => ({ ...m, amount: money(m.rate * m.recipients) }))
    .sort((a, b) => b.amount - a.amount || b.recipients - a.recipients);
  return { markets, total: money(markets.reduce((sum, m) => sum + m.amount, 0)) };
}
