import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createLogger } from '../logger';
import { openTestDatabase } from '../testing/test-database';
import { openPostgres, type Database } from './database';
import { prepareSchema, SchemaBehindError, type ServiceSchema } from './schema-migrations';

const logger = createLogger('schema-migrations-test', 'silent');
const folders: string[] = [];

/** A service's migrations folder as drizzle-kit writes it: one SQL file per step and the journal. */
function migrationsFolder(steps: Array<[tag: string, sql: string]>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-migrations-'));
  folders.push(dir);
  fs.mkdirSync(path.join(dir, 'meta'));
  const entries = steps.map(([tag], idx) => ({
    idx,
    version: '7',
    when: 1_700_000_000_000 + idx,
    tag,
    breakpoints: true,
  }));
  fs.writeFileSync(
    path.join(dir, 'meta/_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
  for (const [tag, sql] of steps) fs.writeFileSync(path.join(dir, `${tag}.sql`), sql);
  return dir;
}

let schemas = 0;
/** A schema of its own per test, with two migrations: the table, then a column. */
function service(): ServiceSchema & { first: string } {
  const schema = `svc${++schemas}_${process.pid}`;
  const steps: Array<[string, string]> = [
    [
      '0000_things',
      `CREATE SCHEMA "${schema}";\n--> statement-breakpoint\nCREATE TABLE "${schema}"."things" (id int primary key);`,
    ],
    ['0001_thing_names', `ALTER TABLE "${schema}"."things" ADD COLUMN name text;`],
  ];
  return {
    service: schema,
    schema,
    migrationsFolder: migrationsFolder(steps),
    first: migrationsFolder(steps.slice(0, 1)),
  };
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

/** The SQLSTATE along an error's cause chain (Drizzle wraps the driver's error). */
function sqlState(error: unknown): string | undefined {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

// PGlite here; the distributed run (DATABASE_URL) runs the same against PostgreSQL.
describe('a service schema at boot', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('applies every migration once and then passes the check', async () => {
    const target = service();
    expect(await database.migrate(target.schema, target.migrationsFolder)).toEqual([
      '0000_things',
      '0001_thing_names',
    ]);
    expect(await database.migrate(target.schema, target.migrationsFolder)).toEqual([]);
    await expect(prepareSchema(database, target, 'check', logger)).resolves.toBeUndefined();
  });

  it('refuses to start on an empty schema, naming the service, every migration and the command', async () => {
    const target = service();
    const error = await rejection(prepareSchema(database, target, 'check', logger));
    expect(error).toBeInstanceOf(SchemaBehindError);
    expect((error as Error).message).toContain(`${target.service}: the database schema "${target.schema}"`);
    expect((error as Error).message).toContain('0000_things, 0001_thing_names');
    expect((error as Error).message).toContain(`node services/${target.service}/dist/migrate.js`);
    // Checking applied nothing.
    expect(await database.pendingMigrations(target.schema, target.migrationsFolder)).toHaveLength(2);
  });

  it('names only the missing migration on a schema one step behind', async () => {
    const target = service();
    await database.migrate(target.schema, target.first);
    const error = await rejection(prepareSchema(database, target, 'check', logger));
    expect((error as SchemaBehindError).pending).toEqual(['0001_thing_names']);
    await prepareSchema(database, target, 'apply', logger);
    await expect(prepareSchema(database, target, 'check', logger)).resolves.toBeUndefined();
  });

  it('passes the check on a schema ahead of the code (a rollback to the previous version)', async () => {
    const target = service();
    await database.migrate(target.schema, target.migrationsFolder);
    await expect(
      prepareSchema(database, { ...target, migrationsFolder: target.first }, 'check', logger),
    ).resolves.toBeUndefined();
  });
});

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('migrations on PostgreSQL', () => {
  let database: Database & { name: string };
  let url: string;
  const others: Array<{ close(): Promise<void> }> = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    const target = new URL(process.env.DATABASE_URL as string);
    target.pathname = `/${database.name}`;
    url = target.toString();
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    await database.close();
  });
  const session = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    others.push({ close: () => client.end() });
    return client;
  };

  it('lets one of two migrators starting together apply, and the other find nothing left', async () => {
    const target = service();
    const second = openPostgres(url, { max: 1 });
    others.push(second);
    const applied = await Promise.all([
      database.migrate(target.schema, target.migrationsFolder),
      second.migrate(target.schema, target.migrationsFolder),
    ]);
    expect(applied.map((names) => names.length).sort()).toEqual([0, 2]);
    const client = await session();
    const { rows } = await client.query(
      `select count(*)::int as n from drizzle."${target.schema}_migrations"`,
    );
    expect(rows[0].n).toBe(2);
  });

  it("waits for another migrator's lock on the schema before it reads what is pending", async () => {
    const target = service();
    const holder = await session();
    await holder.query('select pg_advisory_lock(hashtext($1))', [`migrate:${target.schema}`]);
    const migrating = database.migrate(target.schema, target.migrationsFolder);
    const watcher = await session();
    // Deterministic: the server says the migrator's session is waiting for that advisory lock.
    for (;;) {
      const { rows } = await watcher.query(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`,
      );
      if (rows[0].n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await database.pendingMigrations(target.schema, target.migrationsFolder)).toHaveLength(2);
    await holder.query('select pg_advisory_unlock(hashtext($1))', [`migrate:${target.schema}`]);
    expect(await migrating).toEqual(['0000_things', '0001_thing_names']);
  });

  it('fails a migration stuck behind a long transaction once lock_timeout passes, leaving nothing half done', async () => {
    const target = service();
    await database.migrate(target.schema, target.first);
    const reader = await session();
    await reader.query('begin');
    await reader.query(`select * from "${target.schema}".things`); // ACCESS SHARE until the transaction ends

    const error = await rejection(
      database.migrate(target.schema, target.migrationsFolder, { lockTimeoutMs: 200 }),
    );
    expect(sqlState(error)).toBe('55P03'); // lock_not_available: failed, did not queue behind the reader
    expect(await database.pendingMigrations(target.schema, target.migrationsFolder)).toEqual([
      '0001_thing_names',
    ]);

    await reader.query('commit');
    // The failed attempt gave its advisory lock back: the next one goes through.
    expect(await database.migrate(target.schema, target.migrationsFolder, { lockTimeoutMs: 200 })).toEqual([
      '0001_thing_names',
    ]);
  });
});
