import { DomainError, MAX_CURSOR_LENGTH } from '@inbox/platform';
import { CONVERSATION_SORTS, decodeCursor, encodeCursor, SORT_KEYS } from './conversation-cursor';

const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function refusal(raw: string, sort: (typeof CONVERSATION_SORTS)[number] = 'newest') {
  try {
    decodeCursor(raw, sort);
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected the cursor to be refused');
}

describe('conversation cursor', () => {
  it('round-trips as URL-safe text, microseconds included', () => {
    const cursor = { sort: 'oldest', key: '2026-05-10T11:00:00.123456Z', id: '019a-ü' } as const;
    const raw = encodeCursor(cursor);
    expect(raw).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(raw, 'oldest')).toEqual(cursor);
  });

  it('accepts a missing key only for sorts whose key can be missing', () => {
    for (const sort of CONVERSATION_SORTS) {
      const raw = encodeCursor({ sort, key: null, id: 'x' });
      if (SORT_KEYS[sort].nullable) expect(decodeCursor(raw, sort).key).toBeNull();
      else expect(refusal(raw, sort).fields).toEqual([{ path: 'cursor', message: expect.any(String) }]);
    }
  });

  it.each([
    ['another sort', encodeCursor({ sort: 'oldest', key: null, id: 'x' })],
    ['not base64url', 'abc+/='],
    ['not JSON', Buffer.from('{nope').toString('base64url')],
    ['JSON that is no list of parts', forge({ s: 'newest', k: null, id: 'x' })],
    ['too few parts', forge(['newest', null])],
    ['a day that does not exist', forge(['newest', '2026-02-30T00:00:00.000000Z', 'x'])],
    ['milliseconds only', forge(['newest', '2026-02-01T00:00:00.000Z', 'x'])],
    ['SQL in the key', forge(['newest', "1' or '1'='1", 'x'])],
    ['no id', forge(['newest', null, null])],
    ['an empty id', forge(['newest', null, ''])],
    ['an id too long', forge(['newest', null, 'x'.repeat(101)])],
    ['too long', 'A'.repeat(MAX_CURSOR_LENGTH + 1)],
  ])('refuses %s as VALIDATION_FAILED on path cursor', (_name, raw) => {
    const error = refusal(raw);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'invalid', code: 'VALIDATION_FAILED', fields: [{ path: 'cursor' }] });
  });
});
