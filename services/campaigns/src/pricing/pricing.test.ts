import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadPricing } from './pricing';

const shipped = loadPricing();

describe('the rate card', () => {
  it.each([
    ['+525512345678', 'MX'],
    ['+5215512345678', 'MX'],
    ['+5511987654321', 'BR'],
    ['+12125550100', 'NORTH_AMERICA'],
    ['+18095550100', 'REST_OF_LATIN_AMERICA'], // Dominican Republic: a +1 area code of Latin America
    ['+17875550100', 'REST_OF_LATIN_AMERICA'], // Puerto Rico
    ['+59171234567', 'REST_OF_LATIN_AMERICA'], // Bolivia
    ['+919876543210', 'IN'],
    ['+447911123456', 'OTHER'],
  ])('puts %s in %s (longest calling-code prefix)', (phone, market) => {
    expect(shipped.marketOf(phone).market).toBe(market);
  });

  it('prices our categories and WhatsApp’s pricing categories', () => {
    const mx = shipped.marketOf('+525512345678');
    expect(shipped.rateFor(mx, 'MARKETING')).toBe(0.0305);
    expect(shipped.rateFor(mx, 'utility')).toBe(0.0085);
    expect(shipped.rateFor(mx, 'marketing_lite')).toBe(0.0305);
    expect(shipped.rateFor(mx, 'service')).toBe(0);
    expect(shipped.rateFor(mx, 'referral_conversion')).toBe(0);
    const india = shipped.marketOf('+919876543210');
    expect(shipped.rateFor(india, 'authentication-international')).toBe(0.028);
    expect(shipped.rateFor(mx, 'authentication_international')).toBe(mx.authentication);
  });

  it('takes the operator’s file, and refuses one that is not a rate card with the reason', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rate-card-'));
    const good = path.join(dir, 'good.json');
    fs.writeFileSync(
      good,
      JSON.stringify({
        currency: 'EUR',
        effectiveFrom: '2026-10-01',
        source: 'ours',
        markets: [
          {
            market: 'OTHER',
            name: 'Everywhere',
            prefixes: [],
            marketing: 0.05,
            utility: 0.01,
            authentication: 0.01,
          },
        ],
      }),
    );
    expect(loadPricing(good).card.currency).toBe('EUR');
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ currency: 'dollars', markets: [] }));
    expect(() => loadPricing(bad)).toThrow(/is not a rate card.*currency/s);
    expect(() => loadPricing(path.join(dir, 'missing.json'))).toThrow(/CAMPAIGNS_RATE_CARD_FILE/);
  });
});
