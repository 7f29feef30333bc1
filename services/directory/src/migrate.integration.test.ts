/**
 * The migrate step as Kubernetes runs it (`node services/directory/dist/migrate.js`, a Job before
 * the rollout): exit 0 once the schema is current, 1 with the reason otherwise.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openPostgres } from '@inbox/platform';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from './service';

const ROOT = path.resolve(__dirname, '../../..');
const MIGRATE = path.join(ROOT, 'services/directory/dist/migrate.js');
const serverUrl = process.env.DATABASE_URL;
const onPostgres = serverUrl ? describe : describe.skip;

function run(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, LOG_LEVEL: 'info' };
  const child = spawn(process.execPath, [MIGRATE], {
    cwd: ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // The log's messages (JSON lines), or the text as written (a configuration error).
  const messages = () =>
    output
      .split('\n')
      .map((line) => {
        try {
          return String((JSON.parse(line) as { msg?: unknown }).msg);
        } catch {
          return line;
        }
      })
      .join('\n');
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output: messages() })));
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const urlOf = (name: string) => {
  const url = new URL(serverUrl as string);
  url.pathname = `/${name}`;
  return url.toString();
};

onPostgres('the directory migrate step', () => {
  let name: string;
  beforeAll(async () => {
    // CI has built already (a quick up-to-date check); a type error elsewhere still emits JavaScript.
    try {
      await promisify(execFile)(process.execPath, [require.resolve('typescript/bin/tsc'), '-b'], {
        cwd: ROOT,
      });
    } catch (error) {
      if (!fs.existsSync(MIGRATE)) throw error;
    }
  }, 300_000);
  beforeEach(async () => {
    name = `t_migrate_${randomBytes(4).toString('hex')}`;
    await admin((client) => client.query(`create database ${name}`));
  });
  afterEach(() => admin((client) => client.query(`drop database if exists ${name} with (force)`)));

  it('applies every migration to a fresh database, exits 0, and finds nothing to do the second time', async () => {
    const first = await run({ DIRECTORY_DATABASE_URL: urlOf(name) });
    expect(first.code).toBe(0);
    expect(first.output).toContain('0000_equal_warstar');

    const database = openPostgres(urlOf(name), { max: 1 });
    try {
      expect(await database.pendingMigrations(DB_SCHEMA, MIGRATIONS_FOLDER)).toEqual([]);
    } finally {
      await database.close();
    }
    const second = await run({ DATABASE_URL: urlOf(name) });
    expect(second.code).toBe(0);
    expect(second.output).toContain('nothing to apply');
  });

  it('prefers MIGRATION_DATABASE_URL, and exits 1 naming the service when that database fails', async () => {
    const missing = `${name}_missing`;
    const result = await run({ MIGRATION_DATABASE_URL: urlOf(missing), DIRECTORY_DATABASE_URL: urlOf(name) });
    expect(result.code).toBe(1);
    expect(result.output).toContain('directory: migrating schema "directory" failed');
    expect(result.output).toContain(`database "${missing}" does not exist`);
  });

  it('exits 1 naming the variables when no database is configured', async () => {
    const result = await run({});
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      'MIGRATION_DATABASE_URL, DIRECTORY_DATABASE_URL or DATABASE_URL is required',
    );
  });
});
