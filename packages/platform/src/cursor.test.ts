import { decodeCursor, encodeCursor, isIsoInstant, MAX_CURSOR_LENGTH } from './cursor';
import { DomainError } from './errors';

const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function refusal(token: string, arity: number, field?: string): DomainError {
  try {
    decodeCursor(token, arity, field);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected the cursor to be refused');
}

describe('cursor codec', () => {
  it('round-trips its parts as URL-safe text', () => {
    const token = encodeCursor(['newest', '2026-05-10T11:00:00.123456Z', '019a-ü/+=']);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(token, 3)).toEqual(['newest', '2026-05-10T11:00:00.123456Z', '019a-ü/+=']);
  });

  it('keeps nulls and answers numbers as their decimal text', () => {
    expect(decodeCursor(encodeCursor([null, 1715342400123456, 0]), 3)).toEqual([
      null,
      '1715342400123456',
      '0',
    ]);
  });

  it.each([
    ['not base64url', 'abc+/='],
    ['empty', ''],
    ['not JSON', Buffer.from('{nope').toString('base64url')],
    ['JSON that is no array', forge({ s: 'newest', k: null, id: 'x' })],
    ['fewer parts', forge(['a'])],
    ['more parts', forge(['a', 'b', 'c'])],
    ['a nested object', forge(['a', { id: 'x' }])],
    ['a boolean', forge(['a', true])],
    ['too long', 'A'.repeat(MAX_CURSOR_LENGTH + 1)],
  ])('refuses %s as VALIDATION_FAILED on its field', (_name, token) => {
    expect(refusal(token, 2)).toMatchObject({
      kind: 'invalid',
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'cursor', message: expect.any(String) }],
    });
  });

  it('names the field the caller gave', () => {
    expect(refusal('%%', 2, 'before').fields).toEqual([{ path: 'before', message: expect.any(String) }]);
  });
});

describe('isIsoInstant', () => {
  it.each([
    ['2026-03-01T10:00:00.123456+00:00', true],
    ['2026-03-01T10:00:00Z', true],
    ['2026-03-01T10:00:00.000-05:30', true],
    ['2024-02-29T23:59:59Z', true],
    ['2026-02-29T10:00:00Z', false],
    ['2026-13-01T10:00:00Z', false],
    ['2026-03-01T24:00:00Z', false],
    ['2026-03-01T10:60:00Z', false],
    ['2026-03-01T10:00:00', false],
    ['0000-01-01T00:00:00Z', false],
    ['2026-03-01T10:00:00+16:00', false],
    ['2026-03-01', false],
  ])('%s is an ISO instant both sides read alike: %s', (value, ok) => {
    expect(isIsoInstant(value)).toBe(ok);
  });
});
