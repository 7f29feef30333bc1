import { CloudApiError, type CloudApiErrorInit } from '@inbox/whatsapp';
import { providerProblem } from './provider-errors';

const graph = (init: Partial<CloudApiErrorInit>) =>
  new CloudApiError({ code: 100, httpStatus: 400, title: 'Invalid parameter', ...init });

describe('a failed template management call → the problem the caller sees', () => {
  it.each([
    ['content in this language exists', { subcode: 2388024 }, 'conflict', 'TEMPLATE_EXISTS'],
    ['the name is being deleted', { subcode: 2388023 }, 'conflict', 'TEMPLATE_NAME_LOCKED'],
    ['a component refused', { subcode: 2388040 }, 'invalid', 'PROVIDER_REJECTED'],
    ['an unknown header handle', { subcode: 2494102 }, 'invalid', 'PROVIDER_REJECTED'],
    ['any other invalid parameter', {}, 'invalid', 'PROVIDER_REJECTED'],
    ['refused by the client before sending', { local: true }, 'invalid', 'VALIDATION_FAILED'],
    ['the template edit limit', { code: 80012, httpStatus: 429 }, 'conflict', 'EDIT_LIMIT'],
    ['the WABA rate limit', { code: 80008, httpStatus: 429 }, 'rate_limited', 'WHATSAPP_RATE_LIMITED'],
    ['the app rate limit', { code: 4, httpStatus: 429 }, 'rate_limited', 'WHATSAPP_RATE_LIMITED'],
    ['an expired token', { code: 190, httpStatus: 401 }, 'conflict', 'WHATSAPP_ACCESS_REFUSED'],
    ['an AuthException', { code: 0, httpStatus: 401 }, 'conflict', 'WHATSAPP_ACCESS_REFUSED'],
    ['missing permission', { code: 200, httpStatus: 403 }, 'conflict', 'WHATSAPP_ACCESS_REFUSED'],
    // Classed once in @inbox/whatsapp, so answered as campaigns' reads answer them.
    ['another missing permission', { code: 299, httpStatus: 403 }, 'conflict', 'WHATSAPP_ACCESS_REFUSED'],
    ['a 403 without a Graph error', { code: 0, httpStatus: 403 }, 'conflict', 'WHATSAPP_ACCESS_REFUSED'],
    ['a 429 without a Graph error', { code: 0, httpStatus: 429 }, 'rate_limited', 'WHATSAPP_RATE_LIMITED'],
    ['a network failure', { code: 0, httpStatus: 0 }, 'unavailable', 'WHATSAPP_UNAVAILABLE'],
    ['a timeout', { code: 0, httpStatus: 0, outcomeUnknown: true }, 'unavailable', 'WHATSAPP_UNAVAILABLE'],
    [
      'an unreadable answer',
      { code: 0, httpStatus: 200, outcomeUnknown: true },
      'unavailable',
      'WHATSAPP_UNAVAILABLE',
    ],
    ['a Graph outage', { code: 1, httpStatus: 500 }, 'unavailable', 'WHATSAPP_UNAVAILABLE'],
  ])('%s', (_what, init, kind, code) => {
    expect(providerProblem(graph(init))).toMatchObject({ kind, code });
  });

  it('puts WhatsApp’s own words in the message and on the field', () => {
    const problem = providerProblem(
      graph({
        subcode: 2388040,
        userTitle: 'Character Limit Exceeded',
        userMessage: 'The body is too long.',
      }),
    );
    expect(problem).toMatchObject({
      message: expect.stringContaining('Character Limit Exceeded: The body is too long.'),
      fields: [{ path: 'components', message: 'Character Limit Exceeded: The body is too long.' }],
    });
  });

  it('leaves anything that is not a Cloud API error as it is (a bug, answered 500)', () => {
    const bug = new TypeError('oops');
    expect(providerProblem(bug)).toBe(bug);
  });
});
