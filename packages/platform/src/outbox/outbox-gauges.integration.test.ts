import { sql } from 'drizzle-orm';
import type { Gauge } from 'prom-client';
import type { EventBus, OutgoingEvent } from '../bus/bus';
import type { Database } from '../db/database';
import { newId } from '../ids';
import { createLogger } from '../logger';
import { outboxBacklog, outboxOldestAge, runScrapeHooks } from '../metrics/catalog';
import { openTestDatabase } from '../testing/test-database';
import {
  createTestOutboxTables,
  testOutboxTables,
  truncateTestOutboxTables,
} from '../testing/outbox-test-tables';
import { appendToOutbox } from './outbox';
import { OutboxRelay } from './outbox-relay';

const SERVICE = 'outbox-gauges-test';
const { outbox } = testOutboxTables;

const makeEvent = (): OutgoingEvent => ({
  envelope: {
    id: newId(),
    type: 'test.thing.happened.v1',
    orgId: 3,
    occurredAt: new Date().toISOString(),
    data: {},
  },
});

/** A broker that is down: whatever the relay claims stays unpublished. */
const downBus: Pick<EventBus, 'publish'> = {
  publish: () => Promise.reject(new Error('broker unavailable')),
};

const valueOf = async (gauge: Gauge<'service'>) =>
  (await gauge.get()).values.find((v) => v.labels.service === SERVICE)?.value;

async function scrape() {
  await runScrapeHooks();
  return { backlog: await valueOf(outboxBacklog), age: await valueOf(outboxOldestAge) };
}

// PGlite here; the distributed run (DATABASE_URL) runs it against PostgreSQL.
describe('the outbox gauges', () => {
  let database: Database;
  let relay: OutboxRelay;

  beforeAll(async () => {
    database = await openTestDatabase();
    await createTestOutboxTables(database.db);
    // The label comes from the logger's `service`, as in every service's app.
    relay = new OutboxRelay({
      db: database.db,
      tables: testOutboxTables,
      bus: downBus,
      logger: createLogger(SERVICE, 'silent'),
      // One pass at start (on an empty table), then none while the test looks.
      pollMs: 3_600_000,
    });
    relay.start();
  });
  afterEach(() => truncateTestOutboxTables(database.db));
  afterAll(async () => {
    await relay.stop();
    await database.close();
  });

  it('are 0 when every event is published', async () => {
    expect(await scrape()).toEqual({ backlog: 0, age: 0 });
  });

  it('count the unpublished rows and give the age of the oldest', async () => {
    const [oldest, published, recent] = [makeEvent(), makeEvent(), makeEvent()];
    await database.db.transaction((tx) => appendToOutbox(tx, outbox, [oldest, published, recent]));
    await database.db.execute(
      sql`update ${outbox} set created_at = now() - interval '90 seconds' where id = ${oldest.envelope.id}`,
    );
    // Published rows are kept a week: they are not backlog, however old.
    await database.db.execute(
      sql`update ${outbox} set published_at = now(), created_at = now() - interval '1 day'
          where id = ${published.envelope.id}`,
    );

    const { backlog, age } = await scrape();
    expect(backlog).toBe(2);
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(90 + 60);
  });

  it('are no longer read once the relay stops (a stopped app must not keep its pool busy)', async () => {
    const stoppedService = `${SERVICE}-stopped`;
    const other = new OutboxRelay({
      db: database.db,
      tables: testOutboxTables,
      bus: downBus,
      logger: createLogger('test', 'silent'),
      service: stoppedService,
      pollMs: 3_600_000,
    });
    other.start();
    await runScrapeHooks();
    await other.stop();
    await database.db.transaction((tx) => appendToOutbox(tx, outbox, [makeEvent()]));

    await runScrapeHooks();
    const stopped = (await outboxBacklog.get()).values.find((v) => v.labels.service === stoppedService);
    expect(stopped?.value).toBe(0);
    expect(await valueOf(outboxBacklog)).toBe(1);
  });
});
