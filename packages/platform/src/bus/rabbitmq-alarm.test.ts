import { randomBytes } from 'node:crypto';
import { EXCHANGES } from '@inbox/contracts';
import amqp from 'amqplib';
import type { ChannelModel } from 'amqplib';
import { newId } from '../ids';
import { createLogger } from '../logger';
import { startAmqpFaultProxy, type AmqpFaultProxy } from '../testing/amqp-fault-proxy';
import type { OutgoingEvent } from './bus';
import { RabbitMqBus } from './rabbitmq-bus';
import { declareParkingQueue } from './rabbitmq-parking';

const url = process.env.AMQP_URL;
// The alarms and parking queues only exist on a broker; the embedded buses never block.
const d = url ? describe : describe.skip;
const logger = createLogger('test', 'silent');
const run = `al${randomBytes(4).toString('hex')}`;

const makeEvent = (type: string, data: Record<string, unknown> = {}): OutgoingEvent => ({
  envelope: { id: newId(), type, orgId: 1, occurredAt: new Date().toISOString(), data },
});

async function eventually(predicate: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

d('RabbitMqBus under a resource alarm (real broker, faults injected by a proxy)', () => {
  let proxy: AmqpFaultProxy;
  let bus: RabbitMqBus;
  const received: string[] = [];

  beforeAll(async () => {
    proxy = await startAmqpFaultProxy(url as string);
    bus = await RabbitMqBus.connect(proxy.url, logger, {
      namespace: run,
      ephemeral: true,
      confirmTimeoutMs: 1_000,
    });
    await bus.subscribe({ queue: 'alarm', bindings: ['alarm.#'] }, async (e) => void received.push(e.id));
  });
  afterAll(async () => {
    await bus?.close();
    await proxy?.close();
  });

  it('fails publishes at once while the broker blocks publishers, and publishes again once unblocked', async () => {
    proxy.startAlarm('low on memory');
    await eventually(() => bus.blocked());
    const started = Date.now();
    await expect(bus.publish([makeEvent('alarm.v1')])).rejects.toMatchObject({ code: 'BROKER_BLOCKED' });
    expect(Date.now() - started).toBeLessThan(900); // no wait for the 1 s confirm timeout
    expect(bus.healthy()).toBe(true); // the connection is up: it is a reason to answer 503, not to reconnect

    proxy.endAlarm();
    await eventually(() => !bus.blocked());
    const event = makeEvent('alarm.v1');
    await bus.publish([event]);
    await eventually(() => received.includes(event.envelope.id));
  });

  it('keeps consuming while the broker blocks its publishers, even after a retry was published', async () => {
    const handled: string[] = [];
    let failures = 0;
    await bus.subscribe(
      { queue: 'drain', bindings: ['drain.#'], prefetch: 1, maxAttempts: 3, retryBaseMs: 50 },
      async (e) => {
        if (e.data.fail && failures++ === 0) throw new Error('fails once');
        handled.push(e.id);
      },
    );
    const admin = await amqp.connect(url as string);
    const sendDirect = async (events: OutgoingEvent[]) => {
      const channel = await admin.createConfirmChannel();
      for (const { envelope } of events)
        channel.publish(`${run}.${EXCHANGES.events}`, envelope.type, Buffer.from(JSON.stringify(envelope)));
      await channel.waitForConfirms();
      await channel.close();
    };
    try {
      proxy.startAlarm('low on memory');
      await eventually(() => bus.blocked());
      const bad = makeEvent('drain.v1', { fail: true });
      await sendDirect([bad]);
      // Its retry copy is published during the alarm: the broker stops reading that connection.
      await eventually(() => failures === 1);
      const good = [makeEvent('drain.v1'), makeEvent('drain.v1'), makeEvent('drain.v1')];
      await sendDirect(good);
      // Acks travel on the consumers' own connection, so the queue keeps draining.
      await eventually(() => good.every((e) => handled.includes(e.envelope.id)));
    } finally {
      proxy.endAlarm();
      await admin.close();
    }
    await eventually(() => !bus.blocked());
    await bus.publish([makeEvent('alarm.v1')]);
  });

  it('gives up on a confirm that does not come in time', async () => {
    proxy.holdReplies();
    const started = Date.now();
    try {
      await expect(bus.publish([makeEvent('alarm.v1')])).rejects.toThrow(/did not confirm/);
    } finally {
      proxy.releaseReplies();
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    // The channel survives: later publishes are confirmed as usual.
    await bus.publish([makeEvent('alarm.v1')]);
  });
});

d('parking queues (real broker)', () => {
  let admin: ChannelModel;
  const queues: string[] = [];
  const name = () => {
    const queue = `${run}.p${queues.length}.dead`;
    queues.push(queue);
    return queue;
  };
  const lifetime = { durable: true, expires: 10 * 60_000 };
  const put = async (queue: string, bodies: string[]) => {
    const channel = await admin.createConfirmChannel();
    for (const body of bodies) channel.sendToQueue(queue, Buffer.from(body), { persistent: true });
    await channel.waitForConfirms();
    await channel.close();
  };
  const bodiesIn = async (queue: string) => {
    const channel = await admin.createChannel();
    const bodies: string[] = [];
    for (let m = await channel.get(queue); m; m = await channel.get(queue)) bodies.push(m.content.toString());
    await channel.close(); // unacked: put back
    return bodies;
  };

  beforeAll(async () => {
    admin = await amqp.connect(url as string);
  });
  afterAll(async () => {
    const channel = await admin.createChannel();
    for (const queue of queues) await channel.deleteQueue(queue);
    await admin.close();
  });

  it('keeps at most maxLength messages, dropping the oldest', async () => {
    const queue = name();
    await declareParkingQueue(admin, queue, lifetime, logger, { maxLength: 2, maxBytes: 1e6, ttlMs: 60_000 });
    await put(queue, ['1', '2', '3']);
    expect(await bodiesIn(queue)).toEqual(['2', '3']);
  });

  it('expires parked messages after the TTL', async () => {
    const queue = name();
    await declareParkingQueue(admin, queue, lifetime, logger, { maxLength: 10, maxBytes: 1e6, ttlMs: 100 });
    await put(queue, ['old']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await bodiesIn(queue)).toEqual([]);
  });

  it('replaces an empty parking queue of an earlier version by a bounded one', async () => {
    const queue = name();
    const channel = await admin.createChannel();
    await channel.assertQueue(queue, lifetime); // as the previous version declared it
    await channel.close();

    const result = await declareParkingQueue(admin, queue, lifetime, logger, {
      maxLength: 1,
      maxBytes: 1e6,
      ttlMs: 60_000,
    });
    expect(result).toEqual({ bounded: true });
    await put(queue, ['a', 'b']);
    expect(await bodiesIn(queue)).toEqual(['b']);
  });

  it('keeps a non-empty parking queue of an earlier version and its messages, and says so', async () => {
    const queue = name();
    const channel = await admin.createChannel();
    await channel.assertQueue(queue, lifetime);
    await channel.close();
    await put(queue, ['parked before the upgrade']);
    const warn = jest.spyOn(logger, 'warn');

    const result = await declareParkingQueue(admin, queue, lifetime, logger);
    expect(result).toEqual({ bounded: false });
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ queue, messages: 1 }), expect.any(String));
    expect(await bodiesIn(queue)).toEqual(['parked before the upgrade']);
  });

  it('reads a parking queue that does not exist (nothing ever failed there) as empty', async () => {
    const bus = await RabbitMqBus.connect(url as string, logger, { namespace: run, ephemeral: true });
    try {
      expect(await bus.deadLetters('never-declared')).toEqual([]);
      expect(await bus.replayDeadLetters('never-declared')).toBe(0);
    } finally {
      await bus.close();
    }
  });

  it('is how the bus declares the parking queue of every subscription', async () => {
    const bus = await RabbitMqBus.connect(url as string, logger, { namespace: run, ephemeral: true });
    try {
      await bus.subscribe({ queue: 'declared', bindings: ['declared.#'] }, async () => undefined);
      const queue = `${run}.declared.dead`;
      queues.push(queue);
      // A declaration without the bounds no longer matches the queue's arguments.
      const channel = await admin.createChannel();
      channel.on('error', () => undefined);
      await expect(channel.assertQueue(queue, lifetime)).rejects.toMatchObject({ code: 406 });
    } finally {
      await bus.close();
    }
  });
});
