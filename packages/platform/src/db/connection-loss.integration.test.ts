import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../testing/test-database';
import { isDatabaseUnavailable } from './connection-errors';
import { openPostgres, type Database } from './database';

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

/*
 * PostgreSQL restarting under a transaction: found by the fault suite, where the inbox, the
 * campaigns API, a worker and analytics all exited on an unhandled 'error' of a checked-out client.
 */
onPostgres('a connection lost in the middle of a transaction', () => {
  let server: Database & { name: string; url?: string };
  let url: string;
  beforeAll(async () => {
    server = await openTestDatabase();
    url = server.url as string;
  });
  afterAll(() => server.close());

  it('fails that transaction as "database unavailable", keeps the process, and the pool recovers', async () => {
    const database = openPostgres(url, { max: 2, service: 'connection-loss-test' });
    try {
      const outcome = await database.db
        .transaction(async (tx) => {
          const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: { pid: number }[];
          };
          // Another session ends this one's backend, as a restart of the server does.
          await server.db.execute(sql`select pg_terminate_backend(${rows[0].pid})`);
          await tx.execute(sql`select 1`);
        })
        .then(
          () => 'committed',
          (error: unknown) => (isDatabaseUnavailable(error) ? 'unavailable' : String(error)),
        );
      expect(outcome).toBe('unavailable');
      const { rows } = (await database.db.execute(sql`select 2 as two`)) as unknown as {
        rows: { two: number }[];
      };
      expect(rows[0].two).toBe(2);
    } finally {
      await database.close();
    }
  });
});
