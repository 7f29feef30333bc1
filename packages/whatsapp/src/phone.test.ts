import { normalizePhone, waIdOf, waIdVariants } from './phone';

describe('normalizePhone', () => {
  it.each<[string, string, string, string]>([
    // [what, input, e164, waId]
    ['E.164 as is', '+16505551234', '+16505551234', '16505551234'],
    ['spaces, dashes and parentheses', '+1 (650) 555-1234', '+16505551234', '16505551234'],
    ['dots', '+1.650.555.1234', '+16505551234', '16505551234'],
    ['country code in parentheses', '(+52) 55-1234-8004', '+525512348004', '5215512348004'],
    ['leading 00', '0044 7911 123456', '+447911123456', '447911123456'],
    ['digits only, as WhatsApp writes them', '4915112345678', '+4915112345678', '4915112345678'],
    ['surrounding blanks', '  +49 151 1234 5678 ', '+4915112345678', '4915112345678'],
    ['Argentina mobile with its 9', '+54 9 11 1234-5678', '+5491112345678', '5491112345678'],
    ['Mexico, ITU form', '+52 55 1234 5678', '+525512345678', '5215512345678'],
    ['Mexico with the old mobile 1', '+52 1 55 1234 5678', '+525512345678', '5215512345678'],
    ['Mexico, a wa_id with the 1', '5215512345678', '+525512345678', '5215512345678'],
    ['Mexico, 00 and the 1', '00 52 1 (33) 3123-4567', '+523331234567', '5213331234567'],
    ['Mexico, Monterrey area', '+52 81 8123 4567', '+528181234567', '5218181234567'],
    ['Brazil São Paulo mobile', '+55 11 98765-4321', '+5511987654321', '5511987654321'],
    ['Brazil São Paulo mobile, old 8 digits', '+55 11 8765-4321', '+5511987654321', '5511987654321'],
    ['Brazil Rio mobile keeps the 9 in its wa_id', '+55 21 99876-5432', '+5521998765432', '5521998765432'],
    ['Brazil Minas mobile: wa_id without the 9', '+55 31 99688-3193', '+5531996883193', '553196883193'],
    ['Brazil Minas mobile written without the 9', '553196883193', '+5531996883193', '553196883193'],
    ['Brazil Bahia mobile', '+55 (71) 9 8765-4321', '+5571987654321', '557187654321'],
    ['Brazil landline keeps 8 digits', '+55 11 3456-7890', '+551134567890', '551134567890'],
  ])('%s: %s', (_what, input, e164, waId) => {
    expect(normalizePhone(input)).toEqual({ e164, waId });
  });

  it.each<[string, string]>([
    ['empty', ''],
    ['blank', '   '],
    ['letters', '+1 650 CALL NOW'],
    ['a plus in the middle', '1+6505551234'],
    ['two pluses', '++16505551234'],
    ['too short', '+1555'],
    ['too long (16 digits)', '+1650555123412345'],
    ['no country code, starts with 0', '0155 1234 5678'],
    ['a country code that does not exist', '+999 1234 5678'],
    ['Mexico one digit short', '+52 55 1234 567'],
    ['Mexico one digit too many', '+52 55 1234 56789'],
    ['Brazil landline with an extra 9 is not a number', '+55 11 9345 67890 1'],
    ['Brazil area code that does not exist', '+55 20 98765-4321'],
    ['an extension', '+1 650 555 1234 ext 5'],
    ['absurdly long input', `+1${'0'.repeat(100)}`],
    ['a plus in the middle', '52 +55 1234 5678'],
    ['other scripts\u2019 digits', '+١٦٥٠٥٥٥١٢٣٤'],
  ])('refuses %s', (_what, input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(normalizePhone(undefined as unknown as string)).toBeNull();
    expect(normalizePhone(5215512345678 as unknown as string)).toBeNull();
  });

  it('gives the same answer for every notation of one Mexican number', () => {
    const notations = ['+525512345678', '+5215512345678', '0052 1 55 1234 5678', '52 (55) 1234-5678'];
    expect(new Set(notations.map((n) => JSON.stringify(normalizePhone(n)))).size).toBe(1);
  });
});

describe('waIdOf', () => {
  it.each<[string, string]>([
    ['+16505551234', '16505551234'],
    ['+525512345678', '5215512345678'],
    ['+5511987654321', '5511987654321'],
    ['+5528987654321', '5528987654321'],
    ['+5531987654321', '553187654321'],
    ['+5599987654321', '559987654321'],
    ['+551134567890', '551134567890'],
  ])('%s → %s', (e164, waId) => {
    expect(waIdOf(e164)).toBe(waId);
  });
});

describe('waIdVariants', () => {
  it.each<[string, string[]]>([
    ['5215512345678', ['5215512345678', '525512345678']],
    ['525512345678', ['525512345678', '5215512345678']],
    ['5511987654321', ['5511987654321', '551187654321']],
    ['553187654321', ['553187654321', '5531987654321']],
    ['551134567890', ['551134567890']],
    ['16505551234', ['16505551234']],
    ['447911123456', ['447911123456']],
  ])('%s → %j', (waId, variants) => {
    expect(waIdVariants(waId)).toEqual(variants);
  });

  it('contains the wa_id normalizePhone guessed, whatever form the customer writes from', () => {
    for (const input of ['+52 55 1234 5678', '+55 31 99688-3193', '+55 11 98765-4321']) {
      const phone = normalizePhone(input)!;
      for (const variant of waIdVariants(phone.e164.slice(1)))
        expect(waIdVariants(variant)).toContain(phone.waId);
    }
  });
});
