import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '../..');
/** What `npm start` runs after building. */
export const MAIN = path.join(ROOT, 'all-in-one/dist/main.js');

/**
 * `npm start` builds before it runs; so does this. CI has built already (an up-to-date check,
 * a second or two). A type error elsewhere still emits JavaScript: only a missing entry fails here.
 */
export async function buildProduct(): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, [require.resolve('typescript/bin/tsc'), '-b'], { cwd: ROOT });
  } catch (error) {
    if (!fs.existsSync(MAIN)) throw error;
  }
}

export interface ProductProcess {
  child: ChildProcess;
  baseUrl: string;
  /** The process's last output, to explain a failure. */
  tail(): string;
  /** SIGTERM (a clean stop), SIGKILL if it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** Starts the product's real entry with `env` on top of a clean environment; resolves once it listens. */
export function startProduct(env: Record<string, string>, timeoutMs = 120_000): Promise<ProductProcess> {
  const base = { ...process.env };
  // The child is the product, not a test worker: none of the runner's settings leak into it.
  for (const name of ['NODE_OPTIONS', 'DATABASE_URL', 'AMQP_URL', 'REDIS_URL', 'JEST_WORKER_ID'])
    delete base[name];
  const child = spawn(process.execPath, ['--enable-source-maps', MAIN], {
    cwd: ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const tail = () => lines.slice(-30).join('\n');
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stderr?.on('data', keep);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the product did not start in ${timeoutMs} ms:\n${tail()}`));
    }, timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the product exited (${signal ?? code}) while starting:\n${tail()}`));
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      keep(chunk);
      const listening = /Inbox API on http:\/\/localhost:(\d+)\/api\/v1/.exec(chunk.toString());
      if (!listening) return;
      clearTimeout(timer);
      resolve({
        child,
        baseUrl: `http://127.0.0.1:${listening[1]}/api/v1`,
        tail,
        stop: async (graceMs = 15_000) => {
          const done = exited(child);
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          await done;
          clearTimeout(timer);
        },
      });
    });
  });
}

/** kill -9: no shutdown hook runs, nothing is flushed. */
export async function killHard(product: ProductProcess): Promise<void> {
  const done = exited(product.child);
  product.child.kill('SIGKILL');
  await done;
}
