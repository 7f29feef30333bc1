import { DomainError } from '../errors';
import { problemDocument, problemOf, retryAfterSeconds, sendProblem, type ProblemResponse } from './problem';

describe('problemOf', () => {
  it('answers a database data exception (NUL in text: SQLSTATE 22021) as 400, also when wrapped', () => {
    const pgError = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    const wrapped = Object.assign(new Error('Failed query'), { cause: pgError });
    expect(problemOf(wrapped)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('answers a cancelled statement (statement timeout) as 504, not 500', () => {
    expect(problemOf(Object.assign(new Error('canceling statement'), { code: '57014' }))).toMatchObject({
      status: 504,
      code: 'TIMEOUT',
    });
  });

  it('leaves other database errors unexpected (a 500 with an error id)', () => {
    expect(problemOf(Object.assign(new Error('deadlock'), { code: '40P01' }))).toBeUndefined();
  });
});

describe('problem details (extension members, Retry-After)', () => {
  const retryAt = new Date(Date.now() + 90_500);
  const error = new DomainError('conflict', 'EDIT_LIMIT', 'later', [], {
    members: { nextEditAllowedAt: retryAt.toISOString(), status: 999, code: 'FORGED' },
    retryAt,
  });

  it('adds a DomainError’s members to the document, never over a standard member', () => {
    const document = problemDocument(problemOf(error)!);
    expect(document).toMatchObject({
      status: 409,
      code: 'EDIT_LIMIT',
      detail: 'later',
      nextEditAllowedAt: retryAt.toISOString(),
    });
  });

  it('writes Retry-After in whole seconds, at least 1', () => {
    const headers: Record<string, string> = {};
    const res: ProblemResponse = {
      status: () => res,
      type: () => res,
      json: () => undefined,
      setHeader: (name, value) => void (headers[name] = value),
    };
    sendProblem(res, problemOf(error)!);
    expect(Number(headers['Retry-After'])).toBeGreaterThanOrEqual(90);
    expect(retryAfterSeconds(new Date(1_000), 60_000)).toBe(1);
    expect(retryAfterSeconds(new Date(61_001), 1_000)).toBe(61);
  });
});
