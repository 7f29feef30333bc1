import fs from 'node:fs';
import path from 'node:path';
import type { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { PGlite, type Extension } from '@electric-sql/pglite';
import pg from 'pg';
import { boundStatementsByDeadline, DEFAULT_STATEMENT_TIMEOUT_MS } from './call-deadline';
import {
  DEFAULT_MIGRATION_LOCK_TIMEOUT_MS,
  journal,
  pendingMigrations,
  type RawQuery,
} from './migration-journal';
import { watchPool } from './pool-gauge';
import { runInTransactionScope } from './transaction-scope';

// The package's type map points CommonJS callers at ESM typings; the runtime export is CommonJS.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };

/** A Drizzle database over either driver; a transaction has the same type, so repositories take either. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

export interface Database {
  readonly db: Db;
  readonly kind: 'postgres' | 'pglite';
  /** One round trip; throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Applies a service's migrations, each service in its own schema with its own journal; returns
   * the names of those it applied (none when the schema was current).
   */
  migrate(schema: string, migrationsFolder: string, options?: MigrateOptions): Promise<string[]>;
  /** The names of the service's migrations not applied yet; applies nothing. */
  pendingMigrations(schema: string, migrationsFolder: string): Promise<string[]>;
}

export interface MigrateOptions {
  /** PostgreSQL `lock_timeout` of the migration's statements (default 10 s); 0 waits forever. */
  lockTimeoutMs?: number;
}

export interface PostgresOptions {
  max?: number;
  statementTimeoutMs?: number;
  /** The `service` label of the pool's gauge (inbox_db_pool_connections); default: the database's name. */
  service?: string;
}

/**
 * Every transaction's body runs in the transaction scope, whichever driver, so that outbound call
 * helpers can refuse to run inside it (transaction-scope.ts). Savepoints (`tx.transaction`) are
 * already inside it.
 */
function guardTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((body, config) =>
    transaction((tx) => runInTransactionScope(() => body(tx)), config)) as Db['transaction'];
  return db;
}

const queryOn =
  (client: { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> }): RawQuery =>
  (text, params) =>
    client.query(text, params);

export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  const timeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  // JIT compilation costs 0.2–1 s on the inbox's list queries and never pays back at their size.
  // No statement runs unbounded; within a gRPC call, none outlives the call's deadline.
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    options: `-c jit=off -c statement_timeout=${timeoutMs}`,
  });
  pool.on('connect', (client) => {
    boundStatementsByDeadline(client, timeoutMs);
    // The pool listens for errors only on idle clients: a checked-out client (in a transaction)
    // whose connection dies would emit an unhandled 'error' and end the process. Its query
    // fails on its own, and the pool drops the broken client when it is released.
    client.on('error', () => undefined);
  });
  // An idle client that loses its connection emits here; the pool replaces it.
  pool.on('error', () => undefined);
  const db = guardTransactions(drizzlePg(pool) as unknown as Db);
  const unwatch = watchPool(pool, options.service ?? databaseName(url));
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      unwatch();
      await pool.end();
    },
    migrate: async (schema, migrationsFolder, migrateOptions = {}) => {
      const lockTimeoutMs = migrateOptions.lockTimeoutMs ?? DEFAULT_MIGRATION_LOCK_TIMEOUT_MS;
      const lock = `migrate:${schema}`;
      const client = await pool.connect();
      let reusable = true;
      try {
        // Waiting for another replica's migration, or an index build on a large table, may take
        // minutes: migrations run without a statement timeout.
        await client.query('set statement_timeout = 0');
        // Replicas and migrate Jobs starting together take turns: one session lock per schema. Waiting
        // here is expected (another one is migrating), so lock_timeout only starts after it.
        await client.query('select pg_advisory_lock(hashtext($1))', [lock]);
        // A migration waiting for a table's lock behind a long transaction would queue every query of
        // that table behind itself: it fails instead, and is run again at a quieter moment.
        await client.query(`select set_config('lock_timeout', $1, false)`, [`${lockTimeoutMs}ms`]);
        // Read under the lock: what the other one applied meanwhile is not pending any more.
        const pending = await pendingMigrations(queryOn(client), schema, migrationsFolder);
        if (pending.length > 0) await migratePg(drizzlePg(client), journal(schema, migrationsFolder));
        return pending;
      } finally {
        try {
          await client.query('reset lock_timeout');
          await client.query('reset statement_timeout');
          await client.query('select pg_advisory_unlock(hashtext($1))', [lock]);
        } catch {
          reusable = false; // a broken connection, or one still holding the lock: closing it ends both
        }
        client.release(!reusable);
      }
    },
    pendingMigrations: (schema, migrationsFolder) =>
      pendingMigrations(queryOn(pool), schema, migrationsFolder),
  };
}

/** The database's name in a connection URL (`postgres://…/inbox` → `inbox`). */
function databaseName(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
  } catch {
    return 'postgres';
  }
}

/** Embedded PostgreSQL (WebAssembly). `dataDir` undefined keeps it in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const db = guardTransactions(drizzlePglite(client) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    // One process owns an embedded database: no other migrator to wait for, no lock to time out.
    migrate: async (schema, migrationsFolder) => {
      const pending = await pendingMigrations(queryOn(client), schema, migrationsFolder);
      if (pending.length > 0) await migratePglite(drizzlePglite(client), journal(schema, migrationsFolder));
      return pending;
    },
    pendingMigrations: (schema, migrationsFolder) =>
      pendingMigrations(queryOn(client), schema, migrationsFolder),
  };
}

/** Rows of a raw query, whichever driver ran it. */
export async function queryRows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Whether a database error (possibly wrapped by Drizzle) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * A PostgreSQL "data exception" (SQLSTATE class 22: a NUL byte in text, an impossible date, a
 * number out of range): the input was bad, so the caller gets a 400 rather than a 500.
 */
export function isDataException(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}
