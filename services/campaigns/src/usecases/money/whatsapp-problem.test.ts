import { CloudApiError, type CloudApiErrorInit } from '@inbox/whatsapp';
import { whatsappProblem } from './whatsapp-problem';

const graph = (init: Partial<CloudApiErrorInit>) =>
  new CloudApiError({ code: 100, httpStatus: 400, title: 'Invalid parameter', ...init });

describe('a failed read from WhatsApp → the problem the caller sees', () => {
  it.each([
    ['the WABA rate limit', { code: 80008, httpStatus: 429 }, 'rate_limited', 'WHATSAPP_RATE_LIMITED'],
    ['the app rate limit', { code: 4, httpStatus: 429 }, 'rate_limited', 'WHATSAPP_RATE_LIMITED'],
    ['a 429 without a Graph error', { code: 0, httpStatus: 429 }, 'rate_limited', 'WHATSAPP_RATE_LIMITED'],
    ['an expired token', { code: 190, httpStatus: 401 }, 'conflict', 'WHATSAPP_ACCESS_REFUSED'],
    ['an AuthException', { code: 0, httpStatus: 401 }, 'conflict', 'WHATSAPP_ACCESS_REFUSED'],
    ['missing permission', { code: 200, httpStatus: 403 }, 'conflict', 'WHATSAPP_ACCESS_REFUSED'],
    ['a permission removed', { code: 131005, httpStatus: 403 }, 'conflict', 'WHATSAPP_ACCESS_REFUSED'],
    ['a network failure', { code: 0, httpStatus: 0 }, 'unavailable', 'WHATSAPP_UNAVAILABLE'],
    ['a timeout', { code: 0, httpStatus: 0, outcomeUnknown: true }, 'unavailable', 'WHATSAPP_UNAVAILABLE'],
    [
      'a proxy’s 502',
      { code: 0, httpStatus: 502, outcomeUnknown: true },
      'unavailable',
      'WHATSAPP_UNAVAILABLE',
    ],
    ['a Graph outage', { code: 1, httpStatus: 500 }, 'unavailable', 'WHATSAPP_UNAVAILABLE'],
    ['the number unknown to Graph', { code: 100, httpStatus: 400 }, 'conflict', 'WHATSAPP_REFUSED'],
    ['the account locked', { code: 131031, httpStatus: 403 }, 'conflict', 'WHATSAPP_REFUSED'],
  ])('%s', (_what, init, kind, code) => {
    expect(whatsappProblem(graph(init))).toMatchObject({ kind, code });
  });

  it('says what WhatsApp said', () => {
    const problem = whatsappProblem(
      graph({ code: 190, httpStatus: 401, title: 'Invalid OAuth access token' }),
    );
    expect(problem).toMatchObject({ message: expect.stringContaining('(#190) Invalid OAuth access token') });
  });

  it('leaves anything that is not a Cloud API error as it is (a bug, answered 500)', () => {
    const bug = new TypeError('oops');
    expect(whatsappProblem(bug)).toBe(bug);
  });
});
