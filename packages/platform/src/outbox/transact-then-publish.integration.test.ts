import { z } from 'zod';
import type { EventBus, OutgoingEvent } from '../bus/bus';
import type { Database, Db } from '../db/database';
import { inTransaction } from '../db/transaction-scope';
import { createLogger } from '../logger';
import { openTestDatabase } from '../testing/test-database';
import {
  createTestOutboxTables,
  testOutboxTables,
  truncateTestOutboxTables,
  unpublishedCount,
} from '../testing/outbox-test-tables';
import { newId } from '../ids';
import { createEventRecorder } from './event-recorder';
import { idempotent } from './outbox';
import { OutboxRelay } from './outbox-relay';
import { transactThenPublish } from './transact-then-publish';

const schemas = { 'test.thing.happened.v1': z.object({ n: z.number() }) };
const origin = { orgId: 3, requestId: 'req-1' };

async function eventually(predicate: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('transactThenPublish', () => {
  let database: Database;
  let db: Db;
  let relay: OutboxRelay;
  let published: OutgoingEvent[];
  /** What the database showed each time the relay was nudged: committed rows, and whether a transaction was open. */
  let nudges: Array<{ unpublished: number; inTransaction: boolean }>;
  let events: ReturnType<typeof createEventRecorder<typeof schemas>>;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await createTestOutboxTables(db);
  });
  afterAll(() => database.close());

  beforeEach(async () => {
    published = [];
    nudges = [];
    const bus: Pick<EventBus, 'publish'> = { publish: async (batch) => void published.push(...batch) };
    // Polls once an hour: only a nudge publishes during a test.
    relay = new OutboxRelay({
      db,
      tables: testOutboxTables,
      bus,
      logger: createLogger('test', 'silent'),
      pollMs: 3_600_000,
    });
    relay.start();
    const nudgeRelay = {
      nudge: () => {
        // Read outside the use case's transaction: only committed rows are visible here.
        void unpublishedCount(db).then((n) =>
          nudges.push({ unpublished: n, inTransaction: inTransaction() }),
        );
        relay.nudge();
      },
    };
    events = createEventRecorder(schemas, testOutboxTables.outbox, nudgeRelay);
  });
  afterEach(async () => {
    await relay.stop();
    await truncateTestOutboxTables(db);
  });

  it('answers what the work answers and nudges the relay once the commit is visible', async () => {
    const answer = await transactThenPublish({ db, events }, async (tx) => {
      await events.record(tx, origin, 'test.thing.happened.v1', { n: 1 });
      await events.record(tx, origin, 'test.thing.happened.v1', { n: 2 });
      expect(nudges).toEqual([]);
      return 'done';
    });

    expect(answer).toBe('done');
    await eventually(() => published.length === 2);
    expect(published.map((e) => e.envelope.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(nudges).toEqual([{ unpublished: 2, inTransaction: false }]);
  });

  it('publishes nothing and does not nudge when the work fails: the events roll back with it', async () => {
    const run = transactThenPublish({ db, events }, async (tx) => {
      await events.record(tx, origin, 'test.thing.happened.v1', { n: 1 });
      throw new Error('use case refused');
    });

    await expect(run).rejects.toThrow('use case refused');
    expect(nudges).toEqual([]);
    expect(await unpublishedCount(db)).toBe(0);
    // stop() runs a last pass: had a row been committed, it would be published here.
    await relay.stop();
    expect(published).toEqual([]);
  });

  it('publishes what an idempotent consumer records once its transaction commits, and once only', async () => {
    const handle = idempotent(
      db,
      testOutboxTables,
      'test.consumer',
      async (tx) => {
        await events.record(tx, origin, 'test.thing.happened.v1', { n: 7 });
        expect(nudges).toEqual([]);
      },
      events,
    );
    const incoming = {
      id: newId(),
      type: 'test.other.v1',
      orgId: 3,
      occurredAt: new Date().toISOString(),
      data: {},
    };
    const info = { attempt: 1, headers: {}, queue: 'q' };

    await handle(incoming, info);
    await eventually(() => published.length === 1);
    expect(nudges).toEqual([{ unpublished: 1, inTransaction: false }]);

    await handle(incoming, { ...info, attempt: 2 });
    await relay.stop();
    expect(published.map((e) => e.envelope.data)).toEqual([{ n: 7 }]);
  });
});
