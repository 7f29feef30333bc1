import { SEND_LIMIT_DEFAULTS, type SendLimitsConfig } from './config';
import { SendLimiter } from './send-limits';
import { failure, PHONE_ID, startWiredSimulator, type Wired } from './test-support';

const limits = (over: Partial<SendLimitsConfig>): SendLimitsConfig => ({ ...SEND_LIMIT_DEFAULTS, ...over });

describe('SendLimiter', () => {
  it('admits at most the cap in any sliding second, refused sends using no quota', () => {
    const limiter = new SendLimiter();
    const config = limits({ throughputMps: 3, enforcePairRate: false });
    const take = (to: string, at: number) => limiter.take(config, PHONE_ID, to, at);
    expect([take('1', 0), take('2', 400), take('3', 800)]).toEqual([undefined, undefined, undefined]);
    expect(take('4', 900)).toBe(130429);
    expect(take('4', 999)).toBe(130429);
    expect(take('4', 1000)).toBeUndefined(); // the send at 0 left the window
    expect(take('5', 1300)).toBe(130429); // 400, 800 and 1000 still in it
    expect(take('5', 1400)).toBeUndefined();
    expect(limiter.take(config, 'another-number', '1', 1400)).toBeUndefined();
  });

  it('follows the level (STANDARD 80, HIGH 1,000) unless throughputMps overrides it', () => {
    const count = (config: SendLimitsConfig) => {
      const limiter = new SendLimiter();
      let admitted = 0;
      for (let i = 0; i < 1200; i++)
        if (limiter.take(config, PHONE_ID, String(i), 5) === undefined) admitted++;
      return admitted;
    };
    expect(count(limits({}))).toBe(80);
    expect(count(limits({ throughputLevel: 'HIGH' }))).toBe(1000);
    expect(count(limits({ throughputLevel: 'HIGH', throughputMps: 200 }))).toBe(200);
    expect(count(limits({ enforceThroughput: false }))).toBe(1200);
  });

  it('gives a (number, recipient) pair a burst, then one send per interval (131056)', () => {
    const limiter = new SendLimiter();
    const config = limits({ pairRateLimit: { burst: 3, intervalMs: 6000 } });
    const take = (to: string, at: number) => limiter.take(config, PHONE_ID, to, at);
    expect([take('1', 0), take('1', 1), take('1', 2)]).toEqual([undefined, undefined, undefined]);
    expect(take('1', 3)).toBe(131056);
    expect(take('2', 3)).toBeUndefined();
    expect(take('1', 5999)).toBe(131056);
    expect(take('1', 6000)).toBeUndefined();
    expect(take('1', 6001)).toBe(131056);
    expect(take('1', 6001 + 3 * 6000)).toBeUndefined(); // refilled up to the burst, not beyond
    expect([take('1', 24002), take('1', 24003), take('1', 24004)]).toEqual([undefined, undefined, 131056]);
    expect(limiter.take({ ...config, enforcePairRate: false }, PHONE_ID, '1', 24005)).toBeUndefined();
  });

  it("Meta's default pair rate: 45 at once, the 46th refused", () => {
    const limiter = new SendLimiter();
    const config = limits({ enforceThroughput: false });
    const answers = Array.from({ length: 46 }, (_, i) => limiter.take(config, PHONE_ID, '1', i));
    expect(answers.filter((a) => a === undefined)).toHaveLength(45);
    expect(answers[45]).toBe(131056);
  });
});

describe('send limits at POST /messages', () => {
  let t: Wired;
  afterEach(() => t.close());

  const template = { name: 'hello_world', language: 'en_US' };

  it("refuses sends beyond the number's throughput with Meta's 130429 and does not record them", async () => {
    t = await startWiredSimulator({ throughputMps: 5, autoStatuses: false });
    const client = t.client();
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => client.sendTemplate(`+1650555${1000 + i}`, template)),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(refused).toHaveLength(3);
    const error = await failure(Promise.reject((refused[0] as PromiseRejectedResult).reason));
    expect(error).toMatchObject({ code: 130429, httpStatus: 429, title: 'Rate limit hit', retryable: true });

    const raw = await t.send({
      to: '16505559999',
      type: 'template',
      template: { name: 'x', language: { code: 'en' } },
    });
    expect(raw.status).toBe(429);
    expect(raw.json.error).toMatchObject({
      message: '(#130429) Rate limit hit',
      type: 'OAuthException',
      code: 130429,
      error_data: {
        messaging_product: 'whatsapp',
        details: 'Cloud API message throughput has been reached.',
      },
      fbtrace_id: expect.any(String),
    });
    expect((await t.control('GET', '/sent')).json.data).toHaveLength(5);
    expect((await t.control('GET', '/sent/counts')).json).toMatchObject({ sends: 5, refused: { 130429: 4 } });

    await new Promise((r) => setTimeout(r, 1050));
    await expect(client.sendTemplate('+16505552000', template)).resolves.toMatchObject({
      wamid: expect.any(String),
    });
  });

  it('refuses the pair beyond its burst with 131056, other recipients unaffected; the config switches it off', async () => {
    t = await startWiredSimulator({ pairRateLimit: { burst: 2, intervalMs: 60_000 }, autoStatuses: false });
    const client = t.client();
    await client.sendTemplate('+16505551234', template);
    await client.sendTemplate('+16505551234', template);
    const error = await failure(client.sendTemplate('+16505551234', template));
    expect(error).toMatchObject({ code: 131056, httpStatus: 429 });
    expect(error.title).toBe('(Business Account, Consumer Account) pair rate limit hit');
    await expect(client.sendTemplate('+16505554321', template)).resolves.toBeDefined();
    expect((await t.control('GET', '/sent/counts')).json.refused).toEqual({ 131056: 1 });

    const config = await t.control('POST', '/config', { enforcePairRate: false });
    expect(config.json).toMatchObject({
      enforcePairRate: false,
      pairRateLimit: { burst: 2, intervalMs: 60_000 },
    });
    await expect(client.sendTemplate('+16505551234', template)).resolves.toBeDefined();
    expect((await t.control('GET', '/sent?to=16505551234')).json.data).toHaveLength(3);
  });

  it('reads and sets the limits and phone number fields through /_sim/config, refusing bad values', async () => {
    t = await startWiredSimulator();
    expect((await t.control('GET', '/config')).json).toMatchObject({
      throughputLevel: 'STANDARD',
      throughputMps: null,
      enforceThroughput: true,
      pairRateLimit: { burst: 45, intervalMs: 6000 },
      enforcePairRate: true,
      messagingLimitTier: 'TIER_250',
      qualityRating: 'GREEN',
      phoneStatus: 'CONNECTED',
    });
    const set = await t.control('POST', '/config', {
      throughputLevel: 'HIGH',
      messagingLimitTier: 'TIER_UNLIMITED',
      qualityRating: 'YELLOW',
      phoneStatus: 'FLAGGED',
    });
    expect(set.json).toMatchObject({ throughputLevel: 'HIGH', messagingLimitTier: 'TIER_UNLIMITED' });
    expect((await t.control('POST', '/config', { messagingLimitTier: 'TIER_1K' })).status).toBe(400);
    expect((await t.control('POST', '/config', { throughputLevel: 'FAST' })).status).toBe(400);
    expect((await t.control('POST', '/config', { throughputMps: 0 })).status).toBe(400);
  });
});
