import fs from 'node:fs';
import { freePort } from '../../../tools/bench/src/processes';
import {
  killPid,
  secondsSince,
  serverDir,
  spawnServer,
  waitForPort,
  type ServerChild,
} from './server-process';

/** A redis-server of the fault tests' own (its own port, nothing saved), killed and started at will. */
export interface PrivateRedis {
  /** redis://127.0.0.1:<port> */
  url: string;
  /** kill -9: every key is gone, as after a crash of a cache without persistence. */
  kill(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const dir = serverDir('redis');
  const port = await freePort();
  let server: ServerChild | undefined;
  const start = async () => {
    server = spawnServer('redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ]);
    const child = server;
    let up = false;
    const failed = child.exited.then(() => {
      if (!up) throw new Error(`redis-server exited at start:\n  ${child.tail.join('\n  ')}`);
    });
    await Promise.race([waitForPort(port, 30_000, 'redis-server'), failed]);
    up = true;
  };
  const kill = async () => {
    const pid = server?.process.pid;
    if (pid && server?.process.exitCode === null && server.process.signalCode === null) {
      await killPid(pid);
      await server.exited;
    }
    server = undefined;
  };
  const started = Date.now();
  await start();
  process.stderr.write(`private Redis on port ${port} in ${secondsSince(started)} s\n`);
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    close: async () => {
      await kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
