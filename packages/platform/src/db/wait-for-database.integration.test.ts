import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../logger';
import { openTestDatabase } from '../testing/test-database';
import { isDatabaseUnavailable } from './connection-errors';
import { openPostgres, type Database } from './database';
import { prepareSchema } from './schema-migrations';
import { waitForDatabase } from './wait-for-database';

const logger = createLogger('wait-for-database-test', 'silent');
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

/** A loopback port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `database`, with its pings counted: how often it was tried. */
function counted(database: Database) {
  const tries = { count: 0 };
  return { tries, target: { ...database, ping: () => ((tries.count += 1), database.ping()) } };
}

/** What waiting `connectTimeoutMs` for `database` (tried every 100 ms) failed with; undefined if it answered. */
const failureOfWait = (database: Database, connectTimeoutMs: number) =>
  waitForDatabase(database, logger, { connectTimeoutMs, retryIntervalMs: 100 }).then(
    () => undefined,
    (err: unknown) => err,
  );

describe('waiting for a database that cannot be reached', () => {
  it('tries again until the time is up, then fails with "unavailable"', async () => {
    const database = openPostgres(`postgres://postgres@127.0.0.1:${await freePort()}/none`, { max: 1 });
    const { tries, target } = counted(database);
    try {
      const error = await failureOfWait(target, 600);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(tries.count).toBeGreaterThan(2);
    } finally {
      await database.close();
    }
  });
});

describe('waiting for a database that accepts connections and never answers', () => {
  it('gives up when the time is up, not when the kernel does', async () => {
    const held = new Set<net.Socket>();
    const silent = net.createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const database = openPostgres(`postgres://postgres@127.0.0.1:${port}/none`, { max: 1 });
    try {
      const error = await failureOfWait(database, 800);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
      await database.close();
    }
  }, 10_000);
});

onPostgres('a service started while PostgreSQL is down', () => {
  let server: Database & { name: string; url?: string };
  beforeAll(async () => {
    server = await openTestDatabase();
  });
  afterAll(() => server.close());

  it("comes up by itself once the database listens (the boot's schema step waits for it)", async () => {
    const real = new URL(server.url as string);
    const port = await freePort();
    const database = openPostgres(`postgres://postgres@127.0.0.1:${port}${real.pathname}`, { max: 1 });
    const { tries, target } = counted(database);
    // PostgreSQL "comes back" on that port once the service has been refused a few times.
    const proxy = net.createServer((client) => {
      const upstream = net.connect(Number(real.port || 5432), real.hostname);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    const listening = (async () => {
      while (tries.count < 3) await new Promise((resolve) => setTimeout(resolve, 20));
      proxy.listen(port, '127.0.0.1');
    })();
    try {
      // A service's first use of its database at boot; its schema here has no migrations.
      const migrationsFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'no-migrations-'));
      fs.mkdirSync(path.join(migrationsFolder, 'meta'));
      fs.writeFileSync(
        path.join(migrationsFolder, 'meta/_journal.json'),
        '{"version":"7","dialect":"postgresql","entries":[]}',
      );
      const schema = { service: 'waiting', schema: 'waiting', migrationsFolder };
      await prepareSchema(target, schema, 'check', logger, {
        connectTimeoutMs: 20_000,
        retryIntervalMs: 100,
      });
      fs.rmSync(migrationsFolder, { recursive: true });
      await listening;
      expect(tries.count).toBeGreaterThanOrEqual(4);
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      await database.close();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('fails at once when the database answers with a refusal (a database that does not exist)', async () => {
    const real = new URL(server.url as string);
    real.pathname = '/no_such_database_here';
    const database = openPostgres(real.toString(), { max: 1 });
    const { tries, target } = counted(database);
    try {
      await expect(waitForDatabase(target, logger, { connectTimeoutMs: 20_000 })).rejects.toMatchObject({
        code: '3D000',
      });
      expect(tries.count).toBe(1);
    } finally {
      await database.close();
    }
  });
});
