import fs from 'node:fs';
import { z } from 'zod';
import { rateCardSchema, SHIPPED_RATE_CARD } from './rate-card';
import type { MarketRates, Pricing, RateCard } from './types';

/** WhatsApp's lower-case pricing categories (status webhooks) and ours, to the card's columns. */
function rateOf(market: MarketRates, category: string): number {
  switch (category.toLowerCase().replace('-', '_')) {
    case 'marketing':
    case 'marketing_lite':
      return market.marketing;
    case 'utility':
      return market.utility;
    case 'authentication':
      return market.authentication;
    case 'authentication_international':
      return market.authenticationInternational ?? market.authentication;
    default:
      // service, referral_conversion (free entry point): not charged per template.
      return 0;
  }
}

/** Markets by longest prefix over a card (E.164 digits), OTHER when none matches. */
export function pricingOf(card: RateCard): Pricing {
  const other = card.markets.find((m) => m.market === 'OTHER') ?? card.markets[card.markets.length - 1];
  const byPrefix = card.markets
    .flatMap((m) => m.prefixes.map((prefix) => ({ prefix, market: m })))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  return {
    card,
    marketOf: (e164) => {
      const digits = e164.replace(/^\+/, '');
      return byPrefix.find((p) => digits.startsWith(p.prefix))?.market ?? other;
    },
    rateFor: rateOf,
  };
}

/** The operator's rate card file (CAMPAIGNS_RATE_CARD_FILE), else the shipped one; a bad file throws why. */
export function loadPricing(rateCardFile?: string): Pricing {
  if (!rateCardFile) return pricingOf(SHIPPED_RATE_CARD);
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(rateCardFile, 'utf8'));
  } catch (error) {
    throw new Error(`CAMPAIGNS_RATE_CARD_FILE ${rateCardFile}: ${(error as Error).message}`);
  }
  const parsed = rateCardSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(
      `CAMPAIGNS_RATE_CARD_FILE ${rateCardFile} is not a rate card: ${z.prettifyError(parsed.error)}`,
    );
  return pricingOf(parsed.data);
}
