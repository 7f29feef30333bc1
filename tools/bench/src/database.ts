import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database of its own per run, so the figures never depend on what earlier runs left behind. */
export async function createDatabase(serverUrl: string): Promise<{ name: string; url: string }> {
  // `bench_` rather than the tests' `t_`: whatever cleans up after tests leaves a running bench alone.
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** `with (force)`: a directory killed mid-run may still hold connections. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, `drop database if exists ${name} with (force)`);
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The server processes serving the database's connections, to count their CPU time. */
export async function backendPids(serverUrl: string, name: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [name],
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}
