/**
 * Quorum queues on the machine's RabbitMQ, and the move of classic ones. Each test has a namespace
 * of its own (ephemeral: its queues expire unused), so no one else's queues are touched.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { QUEUES } from '@inbox/contracts';
import amqp from 'amqplib';
import type { ChannelModel } from 'amqplib';
import { createLogger } from '../logger';
import type { OutgoingEvent } from './bus';
import { migrateQueuesToQuorum, migrationLockQueue } from './migrate-queues';
import { readQueueSpec, specQueueName } from './migrate-queues-spec';
import { declareParkingQueue, parkingQueueOptions } from './rabbitmq-parking';
import { RabbitMqBus } from './rabbitmq-bus';
import {
  asClassic,
  ClassicQueueError,
  declareExchanges,
  declareQueue,
  declaredAs,
  mainQueueOptions,
  namespacedTopology,
  queueLifetime,
  queueNames,
  retryDelaysMs,
  retryQueueOptions,
  type QueueType,
  type Topology,
} from './rabbitmq-topology';

const url = process.env.AMQP_URL;
const d = url ? describe : describe.skip;
const logger = createLogger('migrate-queues-test', 'silent');

const QUEUE = 'work';
const RETRY = { maxAttempts: 3, retryBaseMs: 50 };
const DELAYS = retryDelaysMs(RETRY.maxAttempts, RETRY.retryBaseMs);

async function eventually(predicate: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

d('quorum queues and the migration of classic ones (real broker)', () => {
  let admin: ChannelModel;
  const buses: RabbitMqBus[] = [];
  let ns: string;
  let topology: Topology;
  let seq = 0;

  const event = (kind = 'done'): OutgoingEvent => ({
    envelope: {
      id: `${ns}-${++seq}`,
      type: `${ns}.work.${kind}.v1`,
      orgId: 1,
      occurredAt: new Date().toISOString(),
      data: {},
    },
  });
  const spec = () => ({ queue: QUEUE, bindings: [`${ns}.work.#`], ...RETRY });
  const connect = async (queueType: QueueType = 'quorum') => {
    const bus = await RabbitMqBus.connect(url as string, logger, {
      namespace: ns,
      ephemeral: true,
      queueType,
    });
    buses.push(bus);
    return bus;
  };
  /**
   * Publishes until confirmed. RabbitMQ 3.10 closes the connection of a publisher whose channel had
   * delivered to a queue since deleted and declared again with another type (a broker bug, fixed in
   * later versions): the bus reconnects, and the publish is retried, as the outbox relay would.
   */
  const publishRetrying = async (bus: RabbitMqBus, e: OutgoingEvent): Promise<string> => {
    for (;;) {
      try {
        await bus.publish([e]);
        return e.envelope.id;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  /** A consumer that records every event id it gets. */
  const consume = async (bus: RabbitMqBus) => {
    const seen = new Set<string>();
    await bus.subscribe(spec(), async (e) => void seen.add(e.id));
    return seen;
  };
  const names = () => queueNames(`${ns}.${QUEUE}`);
  const depth = async (queue: string) => {
    const channel = await admin.createChannel();
    try {
      return (await channel.checkQueue(queue)).messageCount;
    } finally {
      await channel.close();
    }
  };
  const exists = async (queue: string) => {
    const channel = await admin.createChannel();
    channel.on('error', () => undefined);
    try {
      await channel.checkQueue(queue);
      return true;
    } catch {
      return false;
    } finally {
      await channel.close().catch(() => undefined);
    }
  };
  /** Every queue of the subscription is a quorum queue with this version's arguments. */
  const allQuorum = async () => {
    const queue = `${ns}.${QUEUE}`;
    const checks = [
      declaredAs(admin, queue, mainQueueOptions(queue, false, topology)),
      declaredAs(admin, names().dead, parkingQueueOptions(queueLifetime(false, topology))),
      ...DELAYS.map((delay) =>
        declaredAs(admin, names().retry(delay), retryQueueOptions(queue, delay, false, topology)),
      ),
    ];
    return (await Promise.all(checks)).every(Boolean);
  };
  /**
   * A deployment of the previous version: classic queues, their consumers stopped, `count` events
   * waiting and one parked; then a start of this version, refused, which leaves the spec.
   */
  const classicDeployment = async (count: number) => {
    const old = await connect('classic');
    await old.subscribe(spec(), async (e) => {
      if (e.type.endsWith('.poison.v1')) throw new Error('cannot handle');
    });
    await old.publish([event('poison')]);
    await eventually(async () => (await depth(names().dead)) === 1, 'the poison message parked');
    await old.close();
    const publisher = await connect();
    const waiting = Array.from({ length: count }, () => event());
    await publisher.publish(waiting);
    await eventually(async () => (await depth(names().main)) === count, 'the events queued');
    const refused = await connect();
    await expect(refused.subscribe(spec(), async () => undefined)).rejects.toBeInstanceOf(ClassicQueueError);
    return { ids: waiting.map((e) => e.envelope.id), publisher };
  };

  beforeEach(async () => {
    ns = `mq${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    topology = namespacedTopology(ns, true);
    admin = await amqp.connect(url as string);
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
    await admin.close().catch(() => undefined);
  });

  it('declares quorum queues by default, where a message survives a retry and a parking', async () => {
    const bus = await connect();
    const attempts = new Map<string, number>();
    const done: string[] = [];
    await bus.subscribe(spec(), async (e, info) => {
      attempts.set(e.id, info.attempt);
      if (e.type.endsWith('.poison.v1') || info.attempt === 1) throw new Error('not yet');
      done.push(e.id);
    });
    expect(await allQuorum()).toBe(true);

    const retried = event();
    const poison = event('poison');
    await bus.publish([retried, poison]);
    await eventually(() => done.includes(retried.envelope.id), 'the retried event handled');
    expect(attempts.get(retried.envelope.id)).toBe(2);
    await eventually(async () => (await bus.deadLetters(QUEUE)).length === 1, 'the poison event parked');
    const [parked] = await bus.deadLetters(QUEUE);
    expect(parked).toMatchObject({ event: { id: poison.envelope.id }, attempts: RETRY.maxAttempts });
    // Reading the quorum parking queue leaves it as it was; a replay puts it back on the queue.
    expect(await bus.deadLetters(QUEUE)).toHaveLength(1);
    expect(await bus.replayDeadLetters(QUEUE)).toBe(1);
    await eventually(
      async () => (await bus.deadLetters(QUEUE)).length === 1 && attempts.size === 2,
      'parked again',
    );
  });

  it('refuses to start on a classic queue with a message saying how to migrate, and changes nothing', async () => {
    const { ids } = await classicDeployment(3);
    const error = await connect()
      .then((bus) => bus.subscribe(spec(), async () => undefined))
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(ClassicQueueError);
    expect((error as Error).message).toContain(`"${ns}.${QUEUE}`);
    expect((error as Error).message).toContain('npm run bus:migrate-queues');
    expect((error as Error).message).toContain('AMQP_QUEUE_TYPE=classic');
    expect(await depth(names().main)).toBe(ids.length);
    // What the migration needs and cannot read from the broker: the bindings and retry steps.
    expect(await readQueueSpec(admin, `${ns}.${QUEUE}`)).toEqual({
      queue: `${ns}.${QUEUE}`,
      bindings: [`${ns}.work.#`],
      retryDelaysMs: DELAYS,
    });
  });

  it('moves a classic deployment to quorum queues while publishers run: no message lost, bindings kept', async () => {
    const { ids, publisher } = await classicDeployment(50);
    // A publisher that keeps going through the migration: each event it got confirmed must arrive.
    const confirmed: string[] = [];
    let migrating = true;
    const publishing = (async () => {
      while (migrating) await publishRetrying(publisher, event()).then((id) => confirmed.push(id));
    })();
    const results = await migrateQueuesToQuorum(admin, topology, [QUEUE], logger);
    migrating = false;
    await publishing;

    expect(results).toEqual([{ queue: `${ns}.${QUEUE}`, outcome: 'migrated', moved: expect.any(Number) }]);
    // The 50 waiting, the parked one, and those the publisher sent before the queue lost its bindings.
    expect(results[0].moved).toBeGreaterThanOrEqual(51);
    expect(await allQuorum()).toBe(true);
    expect(await exists(`${names().main}.migrating`)).toBe(false);
    expect(await exists(specQueueName(names().main))).toBe(false);

    const bus = await connect();
    const seen = await consume(bus);
    // Published after the migration: the binding is there.
    const after = await publishRetrying(publisher, event());
    const wanted = [...ids, ...confirmed, after];
    await eventually(() => wanted.every((id) => seen.has(id)), 'every event delivered');
    expect(await bus.deadLetters(QUEUE)).toHaveLength(1); // the parked one moved too

    // Nothing left to do the second time.
    expect(await migrateQueuesToQuorum(admin, topology, [QUEUE], logger)).toEqual([
      { queue: `${ns}.${QUEUE}`, outcome: 'quorum', moved: 0 },
    ]);
  });

  it.each([
    ['halfway through emptying the classic queue', 'half-out'],
    ['after deleting the classic queue', 'deleted'],
    ['halfway through filling the quorum queue', 'half-back'],
  ])('finishes a migration that crashed %s', async (_, crash) => {
    const { ids } = await classicDeployment(20);
    const queue = names().main;
    const holding = `${queue}.migrating`;
    const channel = await admin.createChannel();
    // A channel per move, as the migration does: see publishRetrying.
    const move = async (from: string, to: string, count: number) => {
      const mover = await admin.createConfirmChannel();
      for (let i = 0; i < count; i++) {
        const message = await mover.get(from, { noAck: false });
        if (!message) break;
        mover.sendToQueue(to, message.content, { ...message.properties, persistent: true });
        await mover.waitForConfirms();
        mover.ack(message);
      }
      await mover.close();
    };
    // The state the migration's own steps leave at that point (see migrateQueue).
    await channel.assertQueue(holding, queueLifetime(false, topology));
    await channel.bindQueue(holding, topology.events, `${ns}.work.#`);
    await channel.bindQueue(holding, topology.deadLetter, queue);
    await channel.unbindQueue(queue, topology.events, `${ns}.work.#`);
    await channel.unbindQueue(queue, topology.deadLetter, queue);
    await move(queue, holding, crash === 'half-out' ? 10 : 20);
    if (crash !== 'half-out') await channel.deleteQueue(queue);
    if (crash === 'half-back') {
      await channel.assertQueue(queue, mainQueueOptions(queue, false, topology));
      await move(holding, queue, 10);
    }
    await channel.close();

    const [result] = await migrateQueuesToQuorum(admin, topology, [QUEUE], logger);
    expect(result.outcome).toBe('migrated');
    expect(await allQuorum()).toBe(true);
    expect(await exists(holding)).toBe(false);
    const seen = await consume(await connect());
    await eventually(() => ids.every((id) => seen.has(id)), 'every event delivered');
  });

  it('refuses to move a queue whose consumers still run, and runs one migration at a time', async () => {
    const old = await connect('classic');
    await consume(old);
    const refused = await connect();
    await expect(refused.subscribe(spec(), async () => undefined)).rejects.toBeInstanceOf(ClassicQueueError);
    await expect(migrateQueuesToQuorum(admin, topology, [QUEUE], logger)).rejects.toThrow(
      `queue "${names().main}" still has 1 consumer(s)`,
    );

    // Another migration of this deployment under way: its lock is held.
    const other = await amqp.connect(url as string);
    try {
      const channel = await other.createChannel();
      await channel.assertQueue(migrationLockQueue(topology), { exclusive: true, durable: false });
      await expect(migrateQueuesToQuorum(admin, topology, [QUEUE], logger)).rejects.toThrow(
        'another queue migration is running',
      );
    } finally {
      await other.close();
    }
  });
});

d('the queue migration command (node packages/platform/dist/bus/migrate-queues-cli.js)', () => {
  const ROOT = path.resolve(__dirname, '../../../..');
  const CLI = path.join(ROOT, 'packages/platform/dist/bus/migrate-queues-cli.js');
  // A deployment of its own, durable as a real one (the command declares no expiry), removed afterwards.
  const namespace = `mqcli-${randomBytes(4).toString('hex')}`;
  const topology = namespacedTopology(namespace, false);
  const queue = `${namespace}.${QUEUES.analyticsEvents}`;
  const subscription = { queue: QUEUES.analyticsEvents, bindings: [`${namespace}.#`], ...RETRY };
  const buses: RabbitMqBus[] = [];
  const connect = async (queueType: QueueType) => {
    const bus = await RabbitMqBus.connect(url as string, logger, { namespace, queueType });
    buses.push(bus);
    return bus;
  };
  const run = () =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, AMQP_URL: url, AMQP_NAMESPACE: namespace, LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('close', (code) => resolve({ code, output }));
    });

  beforeAll(async () => {
    // CI has built already (a quick up-to-date check); a type error elsewhere still emits JavaScript.
    try {
      await promisify(execFile)(process.execPath, [require.resolve('typescript/bin/tsc'), '-b'], {
        cwd: ROOT,
      });
    } catch (error) {
      if (!fs.existsSync(CLI)) throw error;
    }
  }, 300_000);
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    const admin = await amqp.connect(url as string);
    const channel = await admin.createChannel();
    const names = queueNames(queue);
    for (const name of [names.main, names.dead, ...DELAYS.map(names.retry), specQueueName(queue)])
      await channel.deleteQueue(name);
    await channel.deleteExchange(topology.events);
    await channel.deleteExchange(topology.deadLetter);
    await admin.close();
  });

  it('exits 1 on classic queues of an earlier release, then moves them once this release ran with classic queues', async () => {
    // As an earlier release left them: classic, and no spec.
    const admin = await amqp.connect(url as string);
    const classic = asClassic(topology);
    await declareExchanges(await admin.createChannel(), topology);
    await declareParkingQueue(admin, queueNames(queue).dead, queueLifetime(false, classic), logger);
    await declareQueue(admin, queue, subscription.bindings, DELAYS, false, classic);
    await admin.close();

    const early = await run();
    expect(early.code).toBe(1);
    expect(early.output).toContain(`classic queues left: ${queue}`);

    // Step 1 of the runbook: this release with AMQP_QUEUE_TYPE=classic, which leaves the spec; then stopped.
    const previous = await connect('classic');
    await previous.subscribe(subscription, async () => undefined);
    await previous.close();

    const migrated = await run();
    expect(migrated.code).toBe(0);
    expect(migrated.output).toContain(`${queue}: migrated`);
    // Now the service starts with quorum queues.
    await (await connect('quorum')).subscribe(subscription, async () => undefined);
  });
});
