import { z } from 'zod';
import type { RateCard } from './types';

/**
 * The rate card shipped with the product: USD per delivered template by market (2025-07 per-message
 * model). Mexico, Brazil, Colombia, North America, India, Rest of Latin America and Other are the
 * example rates of shared/reference/whatsapp-cloud-api.md §8.3 ("effective January 1, 2026", from
 * a transcription of Meta's CSV: confirm against Meta's card); the other markets carry the
 * regional or Other rate as a stand-in. Operators replace it with their own file
 * (CAMPAIGNS_RATE_CARD_FILE, the same shape as JSON).
 */
export const SHIPPED_RATE_CARD: RateCard = {
  currency: 'USD',
  effectiveFrom: '2026-01-01',
  source:
    'Shipped card: MX, BR, CO, NORTH_AMERICA, IN, REST_OF_LATIN_AMERICA and OTHER from Meta’s USD examples (unverified, confirm against Meta’s rate card); other markets use their region’s or Other’s rates',
  markets: [
    {
      market: 'MX',
      name: 'Mexico',
      prefixes: ['52'],
      marketing: 0.0305,
      utility: 0.0085,
      authentication: 0.0085,
    },
    {
      market: 'BR',
      name: 'Brazil',
      prefixes: ['55'],
      marketing: 0.0625,
      utility: 0.0068,
      authentication: 0.0068,
    },
    {
      market: 'CO',
      name: 'Colombia',
      prefixes: ['57'],
      marketing: 0.0125,
      utility: 0.0008,
      authentication: 0.0008,
    },
    {
      market: 'NORTH_AMERICA',
      name: 'North America',
      prefixes: ['1'],
      marketing: 0.025,
      utility: 0.0034,
      authentication: 0.0034,
    },
    {
      market: 'IN',
      name: 'India',
      prefixes: ['91'],
      marketing: 0.0118,
      utility: 0.0014,
      authentication: 0.0014,
      authenticationInternational: 0.028,
    },
    {
      market: 'REST_OF_LATIN_AMERICA',
      name: 'Rest of Latin America',
      // Bolivia, Costa Rica, Ecuador, El Salvador, Guatemala, Haiti, Honduras, Nicaragua, Panama,
      // Paraguay, Uruguay, Venezuela; and the +1 area codes of the Dominican Republic, Jamaica and Puerto Rico.
      prefixes: [
        '591',
        '506',
        '593',
        '503',
        '502',
        '509',
        '504',
        '505',
        '507',
        '595',
        '598',
        '58',
        '1809',
        '1829',
        '1849',
        '1658',
        '1876',
        '1787',
        '1939',
        // Argentina, Chile and Peru have markets of their own at Meta; no rate in the reference: the region's.
        '54',
        '56',
        '51',
      ],
      marketing: 0.074,
      utility: 0.0113,
      authentication: 0.0113,
    },
    {
      market: 'OTHER',
      name: 'Other',
      prefixes: [],
      marketing: 0.0604,
      utility: 0.0077,
      authentication: 0.0077,
    },
  ],
};

const marketSchema = z.strictObject({
  market: z.string().min(1),
  name: z.string().min(1),
  prefixes: z.array(z.string().regex(/^\d{1,6}$/, 'digits of a calling code (and area code)')),
  marketing: z.number().nonnegative(),
  utility: z.number().nonnegative(),
  authentication: z.number().nonnegative(),
  authenticationInternational: z.number().nonnegative().optional(),
});

/** An operator's card: checked at boot, so a bad file stops the start with the reason. */
export const rateCardSchema = z
  .strictObject({
    currency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code'),
    effectiveFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date, YYYY-MM-DD'),
    source: z.string().min(1),
    markets: z.array(marketSchema).min(1),
  })
  .refine((card) => card.markets.some((m) => m.market === 'OTHER'), {
    message: 'the card needs an OTHER market for numbers no prefix matches',
    path: ['markets'],
  });
