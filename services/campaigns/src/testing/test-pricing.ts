import { pricingOf } from '../pricing/pricing';
import type { Pricing, RateCard } from '../pricing/types';

/** A small rate card for tests (USD; Mexico, North America and the rest), rates easy to add up. */
export const TEST_RATE_CARD: RateCard = {
  currency: 'USD',
  effectiveFrom: '2025-07-01',
  source: 'test',
  markets: [
    { market: 'MX', name: 'Mexico', prefixes: ['52'], marketing: 0.03, utility: 0.01, authentication: 0.02 },
    {
      market: 'NORTH_AMERICA',
      name: 'North America',
      prefixes: ['1'],
      marketing: 0.025,
      utility: 0.004,
      authentication: 0.0135,
    },
    { market: 'OTHER', name: 'Other', prefixes: [], marketing: 0.05, utility: 0.02, authentication: 0.03 },
  ],
};

/** Pricing over the test card (or another), by the product's own longest-prefix lookup. */
export const testPricing = (card: RateCard = TEST_RATE_CARD): Pricing => pricingOf(card);
