import { CloudApiError, errorFromResponse, networkError } from '@inbox/whatsapp';
import { classifySendError, RETRYABLE_AFTER_131049_MS, type SendErrorClass } from './send-errors';

const now = new Date('2026-03-01T12:00:00Z');

/** A Graph error answer, as the client turns it into a CloudApiError. */
const graph = (code: number, httpStatus = 400, title = `Error ${code}`, details = `details of ${code}`) =>
  errorFromResponse(httpStatus, {
    error: { message: `(#${code}) ${title}`, type: 'OAuthException', code, error_data: { details } },
  });

const kind = (k: SendErrorClass['kind']) => expect.objectContaining({ kind: k });
const pause = (pauseCode: string) => ({ kind: 'pause-campaign', pauseCode, reason: expect.any(String) });
const fail = (code: number) => ({
  kind: 'fail-recipient',
  code: String(code),
  title: `Error ${code}`,
  details: `details of ${code}`,
  retryableAfter: null,
});

describe('classifySendError', () => {
  it.each<[string, CloudApiError, unknown]>([
    // Slow down, same message
    ['130429 throughput cap', graph(130429, 429), kind('throttle')],
    ['4 app rate limit', graph(4, 429), kind('throttle')],
    ['80007 WABA rate limit', graph(80007, 429), kind('throttle')],
    ['HTTP 429 without a Graph body', errorFromResponse(429, 'Too Many Requests'), kind('throttle')],
    ['1 API unknown', graph(1, 400), kind('throttle')],
    ['2 API service down', graph(2, 503), kind('throttle')],
    ['131000 something went wrong', graph(131000, 500), kind('throttle')],
    ['131016 service unavailable', graph(131016, 503), kind('throttle')],
    ['133004 server unavailable', graph(133004, 503), kind('throttle')],
    ['131057 account in maintenance', graph(131057, 500), kind('throttle')],
    ['an unlisted code Graph marks transient', graph(139999, 503), kind('throttle')],
    [
      'connection refused: the request never left',
      networkError(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })),
      kind('throttle'),
    ],
    // This recipient later
    ['131056 pair rate', graph(131056, 429), kind('retry-recipient')],
    // Stop the campaign
    ['131048 spam limit', graph(131048, 429), pause('SPAM_LIMIT')],
    ['368 policy block', graph(368, 403), pause('POLICY_BLOCK')],
    ['131031 account locked', graph(131031, 403), pause('ACCOUNT_LOCKED')],
    ['131042 payment', graph(131042), pause('PAYMENT')],
    ['0 AuthException', graph(0, 401), pause('AUTHENTICATION')],
    ['190 token expired (HTTP 400 in practice)', graph(190, 400), pause('AUTHENTICATION')],
    ['10 permission denied', graph(10, 403), pause('AUTHENTICATION')],
    ['200-299 permission', graph(294, 403), pause('AUTHENTICATION')],
    ['132001 template missing', graph(132001, 404), pause('TEMPLATE_NOT_APPROVED')],
    ['132015 template paused', graph(132015), pause('TEMPLATE_PAUSED')],
    ['132016 template disabled', graph(132016), pause('TEMPLATE_DISABLED')],
    ['132007 format character policy', graph(132007), pause('REQUEST_REJECTED')],
    ['HTTP 401 without a Graph body', errorFromResponse(401, '<html>'), pause('AUTHENTICATION')],
    [
      'HTTP 404 without a Graph body (wrong base URL)',
      errorFromResponse(404, 'Not Found'),
      pause('REQUEST_REJECTED'),
    ],
    // This recipient fails, with WhatsApp's words
    ['131026 undeliverable', graph(131026), fail(131026)],
    ['131050 stopped marketing', graph(131050), fail(131050)],
    ['130472 experiment', graph(130472), fail(130472)],
    ['131047 re-engagement', graph(131047), fail(131047)],
    ['131021 recipient is the sender', graph(131021), fail(131021)],
    ['131030 not in the allowed list', graph(131030), fail(131030)],
    ['100 invalid parameter', graph(100), fail(100)],
    ['131008 parameter missing', graph(131008), fail(131008)],
    ['131009 parameter invalid', graph(131009), fail(131009)],
    ['132000 parameter count', graph(132000), fail(132000)],
    ['132005 text too long', graph(132005), fail(132005)],
    ['132012 parameter format', graph(132012), fail(132012)],
    ['an unknown permanent code', graph(139998), fail(139998)],
    // Nobody knows whether it went
    [
      'timeout',
      networkError(Object.assign(new Error('aborted'), { name: 'TimeoutError' })),
      kind('unknown-outcome'),
    ],
    [
      'connection reset after writing',
      networkError(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } })),
      kind('unknown-outcome'),
    ],
    ['a proxy 502 without a Graph body', errorFromResponse(502, '<html>'), kind('unknown-outcome')],
  ])('%s', (_name, error, expected) => {
    expect(classifySendError(error, 0, now)).toEqual(expected);
  });

  it('131049: failed, retryable 24 h later', () => {
    expect(classifySendError(graph(131049), 0, now)).toEqual({
      ...fail(131049),
      retryableAfter: new Date(now.getTime() + RETRYABLE_AFTER_131049_MS),
    });
  });

  it('131056 waits 4^n seconds for that recipient', () => {
    const waits = [0, 1, 2, 3].map((n) => classifySendError(graph(131056, 429), n, now));
    expect(waits).toEqual([1, 4, 16, 64].map((s) => ({ kind: 'retry-recipient', waitMs: s * 1000 })));
  });

  it('throttles wait longer as they repeat; 131057 at least a minute', () => {
    const wait = (e: CloudApiError, n: number) => (classifySendError(e, n, now) as { waitMs: number }).waitMs;
    expect(wait(graph(130429, 429), 0)).toBeLessThanOrEqual(38);
    expect(wait(graph(130429, 429), 6)).toBeGreaterThanOrEqual(800);
    expect(wait(graph(130429, 429), 12)).toBeLessThanOrEqual(10_000);
    expect(wait(graph(80007, 429), 0)).toBeGreaterThanOrEqual(500);
    expect(wait(graph(131057, 500), 0)).toBeGreaterThanOrEqual(60_000);
  });

  it('a request refused locally fails the recipient, never retried', () => {
    const local = new CloudApiError({ code: 100, httpStatus: 400, title: 'Invalid parameter', local: true });
    expect(classifySendError(local, 0, now)).toEqual(
      expect.objectContaining({ kind: 'fail-recipient', code: '100' }),
    );
  });
});
