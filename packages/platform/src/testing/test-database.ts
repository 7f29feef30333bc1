import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../db/database';

/**
 * A fresh database for one test file: a new PostgreSQL database on the server in DATABASE_URL
 * (dropped afterwards), or an in-memory PGlite when no URL is given. One per file, never per test:
 * PGlite takes seconds to start.
 */
/** `url`: the new PostgreSQL database's own URL (for a test that opens its own pool); none on PGlite. */
export async function openTestDatabase(): Promise<Database & { name: string; url?: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) return Object.assign(await openPglite(), { name: 'pglite' });
  const name = `t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.toString(), { max: 5 });
  return {
    ...database,
    name,
    url: target.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
