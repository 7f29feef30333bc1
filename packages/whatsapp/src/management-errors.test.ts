import { isAccessRefused, isRateLimited } from './management-errors';

describe('a failed management or read call is classed once for every service', () => {
  it.each([
    ['the app rate limit', 4, 429, true, false],
    ['the WABA rate limit', 80007, 429, true, false],
    ['the Business Management API limit', 80008, 429, true, false],
    ['the Cloud API throughput limit', 130429, 429, true, false],
    ['a 429 without a Graph error', 0, 429, true, false],
    ['a permission denied', 10, 403, false, true],
    ['an expired token', 190, 401, false, true],
    ['a permission removed', 131005, 403, false, true],
    ['the first permission code', 200, 403, false, true],
    ['another permission code', 250, 403, false, true],
    ['the last permission code', 299, 403, false, true],
    ['an AuthException', 0, 401, false, true],
    ['a 403 without a Graph error', 0, 403, false, true],
    // Near misses: they look like limits or refusals but are neither for management.
    ['the pair rate limit (a send to one person)', 131056, 400, false, false],
    ['the spam rate limit (a send refused for quality)', 131048, 429, false, false],
    ['a paused template', 132015, 400, false, false],
    ['a code just below the permission codes', 199, 400, false, false],
    ['a code just above the permission codes', 300, 400, false, false],
    ['the account locked', 131031, 403, false, false],
    ['an invalid parameter', 100, 400, false, false],
    ['a network failure', 0, 0, false, false],
    ['a proxy’s 502', 0, 502, false, false],
    ['a Graph outage', 1, 500, false, false],
  ])('%s (#%i, HTTP %i)', (_what, code, httpStatus, rateLimited, accessRefused) => {
    expect(isRateLimited({ code, httpStatus })).toBe(rateLimited);
    expect(isAccessRefused({ code, httpStatus })).toBe(accessRefused);
  });
});
