import { randomBytes } from 'node:crypto';
import { EXCHANGES } from '@inbox/contracts';
import type { EventEnvelope } from '@inbox/contracts';
import amqp from 'amqplib';
import type { ChannelModel } from 'amqplib';
import { createLogger } from '../logger';
import type { DeliveryInfo, OutgoingEvent } from './bus';
import { retryDelayMs } from './delivery';
import { RabbitMqBus } from './rabbitmq-bus';
import { queueNames } from './rabbitmq-topology';

const url = process.env.AMQP_URL;
const d = url ? describe : describe.skip;
const logger = createLogger('test');
const run = `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

let seq = 0;
const makeEvent = (type: string, data: Record<string, unknown> = {}): OutgoingEvent => ({
  envelope: {
    id: `${run}-${++seq}`,
    type: `${run}.${type}`,
    orgId: 7,
    occurredAt: new Date().toISOString(),
    data,
  },
});

async function eventually(predicate: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

d('RabbitMqBus (real broker)', () => {
  let admin: ChannelModel;
  const buses: RabbitMqBus[] = [];
  /** Durable queues this file declared, with their retry steps, to delete afterwards. */
  const declared: Array<{ queue: string; maxAttempts: number; retryBaseMs: number }> = [];
  let n = 0;
  const queue = (maxAttempts = 5, retryBaseMs = 200) => {
    const name = `${run}.q${++n}`;
    declared.push({ queue: name, maxAttempts, retryBaseMs });
    return name;
  };
  const connect = async () => {
    const bus = await RabbitMqBus.connect(url as string, logger, { connectionName: `test-${run}` });
    buses.push(bus);
    return bus;
  };

  beforeAll(async () => {
    admin = await amqp.connect(url as string);
  });

  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    const channel = await admin.createChannel();
    for (const { queue: name, maxAttempts, retryBaseMs } of declared) {
      const names = queueNames(name);
      const retries = Array.from({ length: maxAttempts - 1 }, (_, i) =>
        names.retry(retryDelayMs(i + 1, retryBaseMs)),
      );
      for (const q of [names.main, names.dead, ...retries]) await channel.deleteQueue(q);
    }
    await admin.close();
  });

  it('routes by binding pattern, with headers, to a durable queue', async () => {
    const bus = await connect();
    const received: Array<[EventEnvelope, DeliveryInfo]> = [];
    const q = queue();
    await bus.subscribe(
      { queue: q, bindings: [`${run}.directory.user.*.v1`] },
      async (e, info) => void received.push([e, info]),
    );
    expect(bus.healthy()).toBe(true);

    const wanted = {
      ...makeEvent('directory.user.deleted.v1', { userId: 'u1' }),
      headers: { 'x-request-id': 'req-9' },
    };
    await bus.publish([wanted, makeEvent('directory.team.deleted.v1')]);
    await eventually(() => received.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(received).toHaveLength(1);
    expect(received[0][0]).toEqual(wanted.envelope);
    expect(received[0][1]).toEqual({ attempt: 1, headers: { 'x-request-id': 'req-9' }, queue: q });
  });

  it('shares a queue between competing consumers, and fans out to every exclusive queue', async () => {
    const [one, two] = [await connect(), await connect()];
    const work: string[] = [];
    const fanout: string[] = [];
    const q = queue();
    for (const bus of [one, two]) {
      await bus.subscribe({ queue: q, bindings: [`${run}.job.#`] }, async (e) => void work.push(e.id));
      await bus.subscribe(
        { queue: `${run}.cache`, bindings: [`${run}.job.#`], exclusive: true },
        async (e) => void fanout.push(e.id),
      );
    }
    await one.publish(Array.from({ length: 6 }, () => makeEvent('job.run.v1')));
    await eventually(() => work.length === 6 && fanout.length === 12);
    expect(new Set(work).size).toBe(6);
  });

  it('retries without blocking the queue, parks after maxAttempts, reads parked messages twice, replays', async () => {
    const bus = await connect();
    const q = queue(3, 50);
    const attempts: number[] = [];
    const handled: string[] = [];
    let failing = true;
    await bus.subscribe(
      { queue: q, bindings: [`${run}.flaky.#`], prefetch: 1, maxAttempts: 3, retryBaseMs: 50 },
      async (e, info) => {
        if (e.data.fail && failing) {
          attempts.push(info.attempt);
          throw new Error('downstream unavailable');
        }
        handled.push(e.id);
      },
    );
    const bad = makeEvent('flaky.v1', { fail: true });
    const good = makeEvent('flaky.v1');
    await bus.publish([bad, good]);
    await eventually(() => handled.length === 1); // not stuck behind the failing message
    await eventually(async () => (await bus.deadLetters(q)).length === 1);

    expect(attempts).toEqual([1, 2, 3]);
    const letters = await bus.deadLetters(q);
    expect(letters).toHaveLength(1); // reading did not consume them
    expect(letters[0]).toMatchObject({ queue: q, attempts: 3, event: bad.envelope });
    expect(letters[0].error).toContain('downstream unavailable');

    failing = false;
    expect(await bus.replayDeadLetters(q, ['unknown'])).toBe(0);
    expect(await bus.replayDeadLetters(q, [letters[0].id])).toBe(1);
    await eventually(() => handled.includes(bad.envelope.id));
    expect(await bus.deadLetters(q)).toEqual([]);
  });

  it('parks a message that is not an event envelope without calling the handler', async () => {
    const bus = await connect();
    const q = queue();
    const handler = jest.fn(async () => undefined);
    await bus.subscribe({ queue: q, bindings: [`${run}.poison`] }, handler);
    const channel = await admin.createConfirmChannel();
    channel.publish(EXCHANGES.events, `${run}.poison`, Buffer.from('{not json'), { messageId: 'm-1' });
    await channel.waitForConfirms();
    await channel.close();

    await eventually(async () => (await bus.deadLetters(q)).length === 1);
    const [letter] = await bus.deadLetters(q);
    expect(letter.attempts).toBe(0);
    expect(letter.error).toContain('unparseable');
    expect(letter.event.data).toEqual({ raw: '{not json' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('reconnects after losing its connection and consumes again', async () => {
    const bus = await connect();
    const q = queue();
    const received: string[] = [];
    await bus.subscribe({ queue: q, bindings: [`${run}.again.#`] }, async (e) => void received.push(e.id));
    // A socket error, as when the broker restarts or the network drops.
    const socket = (bus as unknown as { model: { connection: { stream: { destroy(err: Error): void } } } })
      .model.connection.stream;
    socket.destroy(new Error('simulated network failure'));
    await eventually(() => !bus.healthy());
    await expect(bus.publish([makeEvent('again.v1')])).rejects.toThrow();
    await eventually(() => bus.healthy());

    const event = makeEvent('again.v1');
    await bus.publish([event]);
    await eventually(() => received.includes(event.envelope.id));
  });

  it('close() waits for a handler in flight before closing', async () => {
    const bus = await connect();
    const q = queue();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    let finished = false;
    await bus.subscribe({ queue: q, bindings: [`${run}.long`] }, async () => {
      started = true;
      await gate;
      finished = true;
    });
    await bus.publish([makeEvent('long')]);
    await eventually(() => started);
    const closing = bus.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(finished).toBe(false);
    release();
    await closing;
    expect(finished).toBe(true);
    expect(bus.healthy()).toBe(false);
    // It was acked before the connection closed: nothing is left on the queue.
    const channel = await admin.createChannel();
    expect((await channel.checkQueue(q)).messageCount).toBe(0);
    await channel.close();
  });

  it('gives up connecting after the timeout', async () => {
    const started = Date.now();
    await expect(
      RabbitMqBus.connect('amqp://guest:guest@127.0.0.1:1', logger, {
        connectTimeoutMs: 600,
        retryIntervalMs: 100,
      }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });
});
