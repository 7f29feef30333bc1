import { firstOfEachPhone, normalizeRecipients, readRecipients } from './recipient-list';

describe('a list of recipients', () => {
  it('normalizes phones to E.164 (Mexico with or without the 1) and keeps the first of each number', () => {
    const list = normalizeRecipients([
      { phone: '+52 1 55 1234 5678', parameters: { body: ['Ana'] } },
      { phone: '+52 55 1234 5678' },
      { phone: '0052 55-1234-5678' },
      { phone: '+1 (415) 555-2671' },
    ]);
    expect(list.valid.map((r) => [r.index, r.phone])).toEqual([
      [0, '+525512345678'],
      [3, '+14155552671'],
    ]);
    expect(list.valid[0]).toMatchObject({ parameters: { body: ['Ana'] }, send: { bodyJson: '["Ana"]' } });
    expect(list.duplicatesRemoved).toBe(2);
    expect(list.invalid).toEqual([
      {
        index: 1,
        phone: '+52 55 1234 5678',
        reason: 'DUPLICATE',
        message: '+525512345678 is already in the list',
      },
      {
        index: 2,
        phone: '0052 55-1234-5678',
        reason: 'DUPLICATE',
        message: '+525512345678 is already in the list',
      },
    ]);
  });

  it('reports unreadable phones and malformed parameters with their position (or the given row)', () => {
    const list = normalizeRecipients([
      { phone: 'not a phone' },
      { phone: '+52 55 1234 5678', parameters: ['Ana'] },
      { phone: '+52 55 1234 5678', parameters: { body: ['Ana'], footer: 'x' } },
      { phone: '12', index: 7 },
    ]);
    expect(list.valid).toEqual([]);
    expect(list.invalid.map((r) => [r.index, r.reason])).toEqual([
      [0, 'INVALID_PHONE'],
      [1, 'INVALID_PARAMETERS'],
      [2, 'INVALID_PARAMETERS'],
      [7, 'INVALID_PHONE'],
    ]);
    expect(list.invalid[2].message).toMatch(/footer/);
    // A number refused for its parameters is not a duplicate of a later valid one.
    expect(list.duplicatesRemoved).toBe(0);
  });
});

describe('the first acceptable occurrence of a number', () => {
  it('is kept even after an occurrence refused for its parameters', () => {
    const read = readRecipients([
      { phone: '+52 55 1234 8004', parameters: { body: ['Rosa', 'de más'] } },
      { phone: '+52 (55) 1234-8004', parameters: { body: ['Rosa'] } },
      { phone: '+525512348004' },
    ]);
    expect(read.candidates).toHaveLength(3);
    // The template refuses the first (two values for one variable).
    const { kept, duplicates } = firstOfEachPhone(read.candidates.slice(1));
    expect(kept.map((r) => r.index)).toEqual([1]);
    expect(duplicates).toEqual([
      {
        index: 2,
        phone: '+525512348004',
        reason: 'DUPLICATE',
        message: '+525512348004 is already in the list',
      },
    ]);
  });
});
