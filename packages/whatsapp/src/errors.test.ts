import net from 'node:net';
import { RemoteCallInTransactionError, runInTransactionScope } from '@inbox/platform';
import { CloudApiClient } from './client';
import { CloudApiError, isRetryable, retryDelayForError } from './errors';
import { clientOf, recordingServerForTestFile } from './testing/recorded-cloud-api';

const server = recordingServerForTestFile();
let client: CloudApiClient;
beforeEach(() => {
  client = clientOf(server, { phoneNumberId: '1', accessToken: 't' });
});

const sendAgainst = async (status: number, body: unknown) => {
  server.respond(() => ({ status, body }));
  return client.sendText('16505551234', 'hi').then(
    () => {
      throw new Error('expected the send to fail');
    },
    (e: unknown) => e,
  );
};

describe('Graph error responses (samples from the reference)', () => {
  it('parses every field of the allowed-list error', async () => {
    const err = await sendAgainst(400, {
      error: {
        message: '(#131030) Recipient phone number not in allowed list',
        type: 'OAuthException',
        code: 131030,
        error_data: {
          messaging_product: 'whatsapp',
          details:
            'Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.',
        },
        error_subcode: 2655007,
        error_user_title: '…',
        error_user_msg: '…',
        is_transient: false,
        fbtrace_id: 'AI5Ob2z72R0JAUB5zOF-nao',
      },
    });
    expect(err).toBeInstanceOf(CloudApiError);
    expect(err).toMatchObject({
      name: 'CloudApiError',
      message: '(#131030) Recipient phone number not in allowed list',
      code: 131030,
      subcode: 2655007,
      httpStatus: 400,
      title: 'Recipient phone number not in allowed list',
      details:
        'Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.',
      fbtraceId: 'AI5Ob2z72R0JAUB5zOF-nao',
      retryable: false,
      local: false,
    });
  });

  it.each([
    [
      'wrong phone-number id',
      400,
      {
        message: "Unsupported post request. Object with ID '1' does not exist",
        type: 'GraphMethodException',
        code: 100,
        error_subcode: 33,
      },
      { code: 100, subcode: 33, retryable: false },
    ],
    [
      'missing text',
      400,
      { message: "(#100) The parameter text['body'] is required.", type: 'OAuthException', code: 100 },
      { code: 100, title: "The parameter text['body'] is required.", retryable: false },
    ],
    [
      'expired token',
      401,
      {
        message: 'Error validating access token: Session has expired on Friday.',
        type: 'OAuthException',
        code: 190,
        error_subcode: 463,
      },
      { code: 190, subcode: 463, httpStatus: 401, retryable: false },
    ],
    [
      'missing template (HTTP 404)',
      404,
      {
        message: '(#132001) Template name does not exist in the translation',
        type: 'OAuthException',
        code: 132001,
        error_data: { messaging_product: 'whatsapp', details: 'template name (x) does not exist in en' },
      },
      { code: 132001, httpStatus: 404, details: 'template name (x) does not exist in en', retryable: false },
    ],
    [
      'throughput limit',
      429,
      { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 },
      { code: 130429, title: 'Rate limit hit', retryable: true },
    ],
    [
      'pair rate limit',
      400,
      {
        message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
        type: 'OAuthException',
        code: 131056,
      },
      { code: 131056, retryable: true },
    ],
    [
      'transient flag on an unlisted code',
      400,
      { message: 'Temporary failure', type: 'OAuthException', code: 999, is_transient: true },
      { code: 999, retryable: true },
    ],
    [
      'transient flag on a permanent code',
      400,
      {
        message: '(#131047) Re-engagement message',
        type: 'OAuthException',
        code: 131047,
        is_transient: true,
      },
      { code: 131047, retryable: false },
    ],
  ])('maps %s', async (_label, status, error, expected) => {
    expect(await sendAgainst(status, { error })).toMatchObject({ httpStatus: status, ...expected });
  });

  it('maps a non-Graph 502 page to code 0 with the HTTP status, retryable', async () => {
    const err = await sendAgainst(502, '<html>Bad gateway</html>');
    expect(err).toMatchObject({ code: 0, httpStatus: 502, retryable: true, title: 'HTTP 502' });
  });
});

describe('isRetryable', () => {
  it.each([
    [130429, 429, true],
    [131056, 429, true],
    [4, 429, true],
    [80007, 429, true],
    [1, 400, true],
    [2, 503, true],
    [131000, 500, true],
    [131016, 503, true],
    [133004, 503, true],
    [131057, 500, true],
    [0, 0, true],
    [0, 503, true],
    [0, 429, true],
    [131047, 400, false],
    [131026, 400, false],
    [131049, 400, false],
    [131050, 400, false],
    [131051, 400, false],
    [132000, 400, false],
    [132001, 404, false],
    [132015, 400, false],
    [100, 400, false],
    [190, 401, false],
    [131008, 400, false],
    [131009, 400, false],
    [131030, 400, false],
    [368, 403, false],
    [131048, 429, false],
    [131047, 500, false],
    [0, 401, false],
    [0, 404, false],
  ])('code %i with HTTP %i → %s', (code, status, expected) => {
    expect(isRetryable(code, status)).toBe(expected);
  });
});

describe('retryDelayForError', () => {
  const mid = () => 0.5; // no jitter
  it('follows 4^X seconds for the pair rate limit', () => {
    expect([0, 1, 2, 3].map((n) => retryDelayForError({ code: 131056 }, n, mid))).toEqual([
      1000, 4000, 16000, 64000,
    ]);
  });

  it('backs off briefly with jitter for the throughput limit', () => {
    expect([0, 1, 2, 10].map((n) => retryDelayForError({ code: 130429 }, n, mid))).toEqual([
      500, 1000, 2000, 10000,
    ]);
    expect(retryDelayForError({ code: 130429 }, 1, () => 0)).toBe(500);
    expect(retryDelayForError({ code: 130429 }, 1, () => 0.999)).toBe(1499);
  });

  it('grows exponentially for other errors, capped at 5 minutes', () => {
    expect([0, 1, 2, 20].map((n) => retryDelayForError({ code: 0 }, n, mid))).toEqual([
      1000, 2000, 4000, 300000,
    ]);
  });

  it('waits at least a minute for account maintenance', () => {
    expect(retryDelayForError({ code: 131057 }, 0, mid)).toBe(60000);
  });
});

describe('whether Graph may have acted (outcomeUnknown)', () => {
  const failingSend = (c: CloudApiClient) =>
    c.sendText('16505551234', 'hi').then(
      () => {
        throw new Error('expected the send to fail');
      },
      (e: unknown) => e as CloudApiError,
    );
  const clientAt = (baseUrl: string, timeoutMs?: number) =>
    new CloudApiClient({ baseUrl, version: 'v23.0', phoneNumberId: '1', accessToken: 't', timeoutMs });

  /** A server that reads each request whole and then does `then` to its socket instead of answering. */
  const rawServer = async (then: (socket: net.Socket) => void) => {
    const srv = net.createServer((socket) => {
      socket.on('data', (chunk) => {
        if (chunk.toString().includes('"type":"text"')) then(socket);
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(srv.address() as net.AddressInfo).port}`;
    return { url, close: () => new Promise((resolve) => srv.close(resolve)) };
  };

  it('knows a refused connection never reached Graph: retryable, outcome known', async () => {
    const closed = await rawServer(() => undefined);
    await closed.close();
    expect(await failingSend(clientAt(closed.url))).toMatchObject({
      code: 0,
      retryable: true,
      outcomeUnknown: false,
    });
  });

  it('cannot know whether a request whose connection dropped after it was written took effect', async () => {
    const dropping = await rawServer((socket) => socket.destroy());
    try {
      expect(await failingSend(clientAt(dropping.url))).toMatchObject({
        title: 'Network error',
        outcomeUnknown: true,
      });
    } finally {
      await dropping.close();
    }
  });

  it('cannot know whether a request that timed out took effect', async () => {
    const sockets: net.Socket[] = [];
    const silent = await rawServer((socket) => sockets.push(socket));
    try {
      expect(await failingSend(clientAt(silent.url, 200))).toMatchObject({
        title: 'Request timed out',
        outcomeUnknown: true,
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      await silent.close();
    }
  });

  it('treats a Graph error as an outcome, even on a 5xx, and a proxy 5xx page as unknown', async () => {
    const graph500 = await sendAgainst(500, { error: { message: 'Something went wrong', code: 131000 } });
    expect(graph500).toMatchObject({ code: 131000, retryable: true, outcomeUnknown: false });
    expect(await sendAgainst(504, '<html>Gateway timeout</html>')).toMatchObject({ outcomeUnknown: true });
    expect(await sendAgainst(400, { error: { message: 'bad', code: 100 } })).toMatchObject({
      outcomeUnknown: false,
    });
  });

  it('cannot know the outcome of a 2xx it cannot read', async () => {
    expect(await sendAgainst(200, { unexpected: true })).toMatchObject({
      retryable: false,
      outcomeUnknown: true,
    });
  });
});

describe('inside a database transaction', () => {
  it('refuses to call Graph at all: the rule is no remote call in a transaction', async () => {
    const before = server.requests.length;
    await expect(runInTransactionScope(() => client.sendText('16505551234', 'hi'))).rejects.toBeInstanceOf(
      RemoteCallInTransactionError,
    );
    expect(server.requests).toHaveLength(before);
  });
});
