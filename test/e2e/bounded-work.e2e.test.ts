import { client, eventually, type Client } from '../support/http';
import { startTestSystem, type TestSystem } from '../support/system';
import { adminOf } from '../support/world';

/** Requests whose cost a caller could otherwise make unbounded. */
let t: TestSystem;
let api: Client;
let admin: string;

beforeAll(async () => {
  t = await startTestSystem();
  ({ api, token: admin } = await adminOf(t));
});
afterAll(() => t.stop());

describe('message search', () => {
  it.each(['/conversations', '/conversations/counts'])(
    '%s refuses a message search shorter than 3 characters, naming the field',
    async (path) => {
      const res = await api.get(`${path}?search=ab&searchInMessages=true`, { token: admin });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { path: 'query.search', message: 'At least 3 characters to search in messages' },
      ]);
      // Contact search and longer terms are unaffected.
      expect((await api.get(`${path}?search=ab`, { token: admin })).status).toBe(200);
      expect((await api.get(`${path}?search=abc&searchInMessages=true`, { token: admin })).status).toBe(200);
    },
  );
});

describe('live streams', () => {
  const open = (token: string) => {
    const controller = new AbortController();
    const answer = fetch(`${t.baseUrl}/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    return { answer, close: () => controller.abort() };
  };

  it('allows 5 streams per principal and answers the sixth with a 429 problem document', async () => {
    const streams = Array.from({ length: 5 }, () => open(admin));
    try {
      for (const s of streams) expect((await s.answer).status).toBe(200);
      const sixth = await client(t.baseUrl).get('/events', { token: admin });
      expect(sixth.status).toBe(429);
      expect(sixth.headers.get('content-type')).toContain('application/problem+json');
      expect(sixth.body.code).toBe('TOO_MANY_STREAMS');

      // Closing one makes room again (the server notices the closed connection).
      streams.shift()!.close();
      await eventually(async () => {
        const again = open(admin);
        const res = await again.answer;
        streams.push(again);
        expect(res.status).toBe(200);
      });
    } finally {
      for (const s of streams) s.close();
    }
  });
});
