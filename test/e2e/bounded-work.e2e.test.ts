import { client, eventually } from '../support/http';
import { systemForTestFile } from '../support/suite';

/** Requests whose cost a caller could otherwise make unbounded. */
const t = systemForTestFile();

describe('message search', () => {
  it.each(['/conversations', '/conversations/counts'])(
    '%s refuses a message search shorter than 3 characters, naming the field',
    async (path) => {
      const res = await t.api.get(`${path}?search=ab&searchInMessages=true`, { token: t.admin });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { path: 'query.search', message: 'At least 3 characters to search in messages' },
      ]);
      // Contact search and longer terms are unaffected.
      expect((await t.api.get(`${path}?search=ab`, { token: t.admin })).status).toBe(200);
      expect((await t.api.get(`${path}?search=abc&searchInMessages=true`, { token: t.admin })).status).toBe(
        200,
      );
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
    const streams = Array.from({ length: 5 }, () => open(t.admin));
    try {
      for (const s of streams) expect((await s.answer).status).toBe(200);
      const sixth = await client(t.baseUrl).get('/events', { token: t.admin });
      expect(sixth.status).toBe(429);
      expect(sixth.headers.get('content-type')).toContain('application/problem+json');
      expect(sixth.body.code).toBe('TOO_MANY_STREAMS');

      // Closing one makes room again (the server notices the closed connection).
      streams.shift()!.close();
      await eventually(async () => {
        const again = open(t.admin);
        const res = await again.answer;
        streams.push(again);
        expect(res.status).toBe(200);
      });
    } finally {
      for (const s of streams) s.close();
    }
  });
});
