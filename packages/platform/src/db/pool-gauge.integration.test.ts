import { sql } from 'drizzle-orm';
import { dbPoolConnections, runScrapeHooks } from '../metrics/catalog';
import { openTestDatabase } from '../testing/test-database';
import { openPostgres, type Database } from './database';

/** The pool's series as a scrape shows them: { total, idle, waiting }, empty when none. */
async function scraped(service: string): Promise<Record<string, number>> {
  await runScrapeHooks();
  const { values } = await dbPoolConnections.get();
  return Object.fromEntries(
    values.filter((v) => v.labels.service === service).map((v) => [String(v.labels.state), v.value]),
  );
}

async function eventually<T>(read: () => Promise<T>, wanted: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (wanted(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('the database pool gauge', () => {
  let server: Database & { name: string; url?: string };
  let url: string;
  beforeAll(async () => {
    server = await openTestDatabase();
    url = server.url as string;
  });
  afterAll(() => server.close());

  it('shows connections in use, idle and callers waiting, and goes away with the pool', async () => {
    const database = openPostgres(url, { max: 2, service: 'pool-test' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Two transactions hold both connections; a third query waits for one of them.
    const holders = [0, 1].map(() => database.db.transaction(() => held));
    const waiting = database.db.execute(sql`select 1`).then(() => undefined); // a query runs once awaited
    expect(
      await eventually(
        () => scraped('pool-test'),
        (v) => v.waiting === 1,
      ),
    ).toEqual({
      total: 2,
      idle: 0,
      waiting: 1,
    });

    release();
    await Promise.all([...holders, waiting]);
    expect(await scraped('pool-test')).toEqual({ total: 2, idle: 2, waiting: 0 });

    await database.close();
    expect(await scraped('pool-test')).toEqual({});
  });

  it("is labelled with the database's name by default", async () => {
    const database = openPostgres(url, { max: 1 });
    await database.ping();
    expect(await scraped(server.name)).toEqual({ total: 1, idle: 1, waiting: 0 });
    await database.close();
  });
});
