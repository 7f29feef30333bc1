import type { EventEnvelope } from '@inbox/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { createLogger } from '../logger';
import { openTestDatabase } from '../testing/test-database';
import type { DeliveryInfo, EventBus, OutgoingEvent } from './bus';
import { topicMatches } from './delivery';
import { DurableBus } from './durable-bus';
import { InProcessBus } from './in-process-bus';

let seq = 0;
const makeEvent = (type: string, data: Record<string, unknown> = {}): OutgoingEvent => ({
  envelope: { id: `evt-${++seq}`, type, orgId: 1, occurredAt: new Date().toISOString(), data },
});

/** Resolves once `predicate` holds, polling; fails the test after `timeoutMs`. */
async function eventually(predicate: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('topicMatches', () => {
  it.each([
    ['directory.user.deleted.v1', 'directory.user.deleted.v1', true],
    ['directory.user.*.v1', 'directory.user.deleted.v1', true],
    ['directory.user.*.v1', 'directory.user.status_changed.v1', true],
    ['directory.user.*.v1', 'directory.team.deleted.v1', false],
    ['directory.*.v1', 'directory.user.deleted.v1', false],
    ['directory.#', 'directory.user.deleted.v1', true],
    ['directory.#', 'directory', true],
    ['directory.#', 'directoryx.user', false],
    ['#', 'anything.at.all', true],
    ['#.v1', 'inbox.message.sent.v1', true],
    ['#.v1', 'inbox.message.sent.v2', false],
    ['provider.whatsapp.#', 'provider.whatsapp.messages', true],
    ['*.whatsapp.*', 'provider.whatsapp.messages', true],
    ['*.whatsapp.*', 'provider.whatsapp', false],
    ['a.#.z', 'a.z', true],
    ['a.#.z', 'a.b.c.z', true],
    ['a.#.z', 'a.b.c', false],
    ['#.#', 'a.b', true],
    ['a.*', 'a', false],
    ['a.*.#', 'a.b', true],
  ])('%s ~ %s → %s', (pattern, key, expected) => {
    expect(topicMatches(pattern, key)).toBe(expected);
  });
});

// One database for the file (PGlite takes seconds to start); each test starts from empty bus tables.
let database: Database | undefined;
afterAll(() => database?.close());

const buses: Array<[string, () => Promise<EventBus>]> = [
  ['InProcessBus', async () => new InProcessBus(createLogger('test'))],
  [
    'DurableBus',
    async () => {
      database ??= await openTestDatabase();
      await DurableBus.open(database, createLogger('test')).then((bus) => bus.close());
      await database.db.execute(sql`truncate bus.deliveries, bus.bindings`);
      return DurableBus.open(database, createLogger('test'));
    },
  ],
];

/** The semantics every bus shares with RabbitMQ, so consumers behave the same in every mode. */
describe.each(buses)('%s', (_name, openBus) => {
  let bus: EventBus;
  beforeEach(async () => {
    bus = await openBus();
  });
  afterEach(() => bus.close());

  it('delivers to every queue whose binding matches, with headers, never inside publish', async () => {
    const users: EventEnvelope[] = [];
    const everything: Array<[string, DeliveryInfo]> = [];
    await bus.subscribe(
      { queue: 'users', bindings: ['directory.user.*.v1'] },
      async (event) => void users.push(event),
    );
    await bus.subscribe(
      { queue: 'all', bindings: ['#'] },
      async (event, info) => void everything.push([event.type, info]),
    );

    const published = bus.publish([
      { ...makeEvent('directory.user.deleted.v1', { userId: 'u1' }), headers: { 'x-request-id': 'req-1' } },
      makeEvent('directory.team.deleted.v1'),
    ]);
    expect(users).toHaveLength(0);
    await published;
    await eventually(() => everything.length === 2 && users.length === 1);

    expect(users[0]).toMatchObject({ type: 'directory.user.deleted.v1', data: { userId: 'u1' } });
    expect(everything[0][1]).toEqual({ attempt: 1, headers: { 'x-request-id': 'req-1' }, queue: 'all' });
    expect(everything.map(([type]) => type)).toEqual([
      'directory.user.deleted.v1',
      'directory.team.deleted.v1',
    ]);
  });

  it('gives each event of a queue to exactly one of its competing consumers', async () => {
    const seen: Array<[string, string]> = [];
    await bus.subscribe(
      { queue: 'work', bindings: ['job.#'], prefetch: 1 },
      async (e) => void seen.push(['a', e.id]),
    );
    await bus.subscribe(
      { queue: 'work', bindings: ['job.#'], prefetch: 1 },
      async (e) => void seen.push(['b', e.id]),
    );
    const events = Array.from({ length: 10 }, () => makeEvent('job.run.v1'));
    await bus.publish(events);
    await eventually(() => seen.length === 10);

    expect(seen.map(([, id]) => id).sort()).toEqual(events.map((e) => e.envelope.id).sort());
    expect(seen.filter(([who]) => who === 'a').length).toBeGreaterThan(0);
    expect(seen.filter(([who]) => who === 'b').length).toBeGreaterThan(0);
  });

  it('retries with backoff, parks after maxAttempts, and replays on request', async () => {
    const attempts: Array<{ attempt: number; at: number }> = [];
    let failing = true;
    const handled: string[] = [];
    await bus.subscribe(
      { queue: 'flaky', bindings: ['x.#'], maxAttempts: 3, retryBaseMs: 20 },
      async (event, info) => {
        attempts.push({ attempt: info.attempt, at: Date.now() });
        if (failing) throw new Error('downstream unavailable');
        handled.push(event.id);
      },
    );
    const event = makeEvent('x.happened.v1');
    await bus.publish([event]);
    await eventually(async () => (await bus.deadLetters('flaky')).length === 1);

    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(15); // 20 ms, timer slack aside
    expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(35); // 40 ms
    const [letter] = await bus.deadLetters('flaky');
    expect(letter).toMatchObject({ queue: 'flaky', attempts: 3, event: { id: event.envelope.id } });
    expect(letter.error).toContain('downstream unavailable');

    failing = false;
    expect(await bus.replayDeadLetters('flaky', ['not-an-id'])).toBe(0);
    expect(await bus.replayDeadLetters('flaky', [letter.id])).toBe(1);
    await eventually(() => handled.length === 1);
    expect(attempts.at(-1)?.attempt).toBe(1);
    expect(await bus.deadLetters('flaky')).toEqual([]);
  });

  it('keeps other messages flowing while one waits for its retry', async () => {
    const handled: string[] = [];
    const poison = makeEvent('q.item.v1', { fail: true });
    await bus.subscribe(
      { queue: 'q', bindings: ['q.#'], prefetch: 1, retryBaseMs: 10_000 },
      async (event) => {
        if (event.data.fail) throw new Error('nope');
        handled.push(event.id);
      },
    );
    await bus.publish([poison, makeEvent('q.item.v1'), makeEvent('q.item.v1')]);
    await eventually(() => handled.length === 2);
    // close() must drop the pending 10 s retry timer, or jest would not exit.
  });

  it('parks a message that is not a valid envelope without calling the handler', async () => {
    const handler = jest.fn(async () => undefined);
    await bus.subscribe({ queue: 'strict', bindings: ['#'] }, handler);
    const broken = { envelope: { id: 'bad', type: 'a.b', orgId: 'one' } } as unknown as OutgoingEvent;
    await bus.publish([broken]);
    await eventually(async () => (await bus.deadLetters('strict')).length === 1);
    const [letter] = await bus.deadLetters('strict');
    expect(letter.attempts).toBe(0);
    expect(letter.error).toContain('invalid envelope');
    expect(handler).not.toHaveBeenCalled();
  });

  it('runs at most `prefetch` handlers of a consumer at once', async () => {
    let running = 0;
    let peak = 0;
    let done = 0;
    await bus.subscribe({ queue: 'slow', bindings: ['#'], prefetch: 3 }, async () => {
      peak = Math.max(peak, ++running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running--;
      done++;
    });
    await bus.publish(Array.from({ length: 12 }, () => makeEvent('s.v1')));
    await eventually(() => done === 12);
    expect(peak).toBe(3);
  });

  it('close() waits for handlers in flight and refuses new work', async () => {
    const gate = deferred();
    let started = false;
    let finished = false;
    await bus.subscribe({ queue: 'long', bindings: ['#'] }, async () => {
      started = true;
      await gate.promise;
      finished = true;
    });
    await bus.publish([makeEvent('l.v1')]);
    await eventually(() => started);

    let closed = false;
    const closing = bus.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closed).toBe(false);
    expect(bus.healthy()).toBe(false);
    gate.resolve();
    await closing;
    expect(finished).toBe(true);
    await expect(bus.publish([makeEvent('l.v1')])).rejects.toThrow('closed');
  });
});
