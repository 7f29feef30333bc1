import { randomBytes } from 'node:crypto';
import type { OutgoingEvent } from '../bus/bus';
import { RabbitMqBus } from '../bus/rabbitmq-bus';
import type { Database, Db } from '../db/database';
import { newId } from '../ids';
import { createLogger } from '../logger';
import { startAmqpFaultProxy, type AmqpFaultProxy } from '../testing/amqp-fault-proxy';
import {
  createTestOutboxTables,
  effects,
  recordEffect,
  testOutboxTables as tables,
  unpublishedCount,
} from '../testing/outbox-test-tables';
import { openTestDatabase } from '../testing/test-database';
import { appendToOutbox, idempotent } from './outbox';
import { OutboxRelay } from './outbox-relay';

const url = process.env.AMQP_URL;
// The distributed mode's relay; the embedded mode's is covered in outbox.integration.test.ts (no broker to stall).
const d = url ? describe : describe.skip;
const logger = createLogger('test', 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(predicate: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

const makeEvent = (): OutgoingEvent => ({
  envelope: { id: newId(), type: 'test.relay.v1', orgId: 1, occurredAt: new Date().toISOString(), data: {} },
});

d('outbox relay over RabbitMQ that stops confirming', () => {
  let database: Database;
  let db: Db;
  let proxy: AmqpFaultProxy;
  let publisher: RabbitMqBus;
  let consumer: RabbitMqBus;
  const deliveries: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await createTestOutboxTables(db);
    proxy = await startAmqpFaultProxy(url as string);
    const namespace = `ob${randomBytes(4).toString('hex')}`;
    publisher = await RabbitMqBus.connect(proxy.url, logger, {
      namespace,
      ephemeral: true,
      confirmTimeoutMs: 300,
    });
    consumer = await RabbitMqBus.connect(url as string, logger, { namespace, ephemeral: true });
    const apply = idempotent(db, tables, 'effects', (tx, event) =>
      recordEffect(tx, event.id).then(() => undefined),
    );
    await consumer.subscribe({ queue: 'effects', bindings: ['test.relay.v1'] }, async (event, info) => {
      deliveries.push(event.id);
      await apply(event, info);
    });
  });
  afterAll(async () => {
    await publisher?.close();
    await consumer?.close();
    await proxy?.close();
    await database?.close();
  });

  it('keeps the rows unlocked and unpublished until confirmed, and consumers apply each event once', async () => {
    const events = [makeEvent(), makeEvent(), makeEvent()];
    await db.transaction((tx) => appendToOutbox(tx, tables.outbox, events));
    const relay = new OutboxRelay({ db, tables, bus: publisher, logger, pollMs: 50 });
    proxy.holdReplies();
    try {
      relay.start();
      // The broker has the events (the consumer gets them) but its confirms do not reach the relay.
      await eventually(() => new Set(deliveries).size === 3);
      await sleep(500); // past the confirm timeout
      expect(await unpublishedCount(db)).toBe(3);
      const locked = await db.transaction((tx) =>
        tx.select({ id: tables.outbox.id }).from(tables.outbox).for('update', { noWait: true }),
      );
      expect(locked).toHaveLength(3);
    } finally {
      proxy.releaseReplies();
    }
    await eventually(async () => (await unpublishedCount(db)) === 0);
    await relay.stop();
    await eventually(() => deliveries.length > 3); // published again after the timeout
    await sleep(200);
    expect((await effects(db)).sort()).toEqual(events.map((e) => e.envelope.id).sort());
  });
});
