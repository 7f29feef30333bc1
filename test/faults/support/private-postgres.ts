import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../../tools/bench/src/processes';
import { asUser, run, secondsSince, serverDir } from './server-process';

/**
 * A PostgreSQL cluster of the fault tests' own (initdb in a temp directory, its own port, trust
 * auth, fsync off: nothing in it outlives the run), so stopping it disturbs nobody else.
 */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** Stops the server as a crash would (`immediate`: no checkpoint, recovery at the next start). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it (if running) and removes its directory. */
  close(): Promise<void>;
}

/** The newest installed server's binaries (Debian: /usr/lib/postgresql/<major>/bin), or FAULTS_PG_BIN. */
export function postgresBin(): string | undefined {
  if (process.env.FAULTS_PG_BIN) return process.env.FAULTS_PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const majors = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors.length ? path.join(root, majors[0], 'bin') : undefined;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL server binaries (initdb) found: set FAULTS_PG_BIN');
  const dir = serverDir('pg', 'postgres');
  const data = path.join(dir, 'data');
  const port = await freePort();
  const pg = (tool: string, args: string[]) => run(...asUser('postgres', path.join(bin, tool), args));
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    // Every service's pool (10 each) and the workers' with room to spare.
    '-c max_connections=300',
    // No fsync: the cluster lives for one run and its host never crashes. Commits stay
    // synchronous: an immediate stop (a crash of the server) must not lose a committed transaction.
    '-c fsync=off',
    '-c full_page_writes=off',
  ].join(' ');
  const log = path.join(dir, 'postgres.log');
  let running = false;
  const start = async () => {
    await pg('pg_ctl', ['start', '-D', data, '-l', log, '-o', options, '-w', '-t', '60']);
    running = true;
  };
  const stop = async () => {
    await pg('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w', '-t', '60']);
    running = false;
  };
  const started = Date.now();
  await start();
  process.stderr.write(`private PostgreSQL on port ${port} in ${secondsSince(started)} s (${dir})\n`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    close: async () => {
      if (running) await stop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
