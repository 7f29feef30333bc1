import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A port nobody listens on right now (the OS picks it); the child binds it a moment later. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '0.0.0.0', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Child {
  name: string;
  process: ChildProcess;
  /** The last lines it wrote: shown when it dies, so a failed start explains itself. */
  tail: string[];
  exited?: string;
}

/**
 * The processes this benchmark started, and only those: stopped by their own PID (never by name),
 * on success, failure and Ctrl-C alike. A child that exits on its own is a failure of the run.
 */
export class Children {
  private readonly children: Child[] = [];
  private stopping = false;

  spawn(name: string, args: string[], env: Record<string, string>): ChildProcess {
    // BENCH_CHILD_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": profile the services under load.
    const nodeArgs = process.env.BENCH_CHILD_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const child = spawn(process.execPath, [...nodeArgs, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const entry: Child = { name, process: child, tail: [] };
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        entry.tail.push(line);
        if (entry.tail.length > 20) entry.tail.shift();
        // LOG_LEVEL=warn: anything that gets here deserves to be seen — until we stop them: what
        // a service logs while being stopped (calls of clients autocannon dropped) is not the run's.
        if (!this.stopping) process.stderr.write(`[${name}] ${line}\n`);
      }
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('error', (error) => {
      entry.exited ??= `spawn error: ${error.message}`;
    });
    child.once('exit', (code, signal) => {
      entry.exited = signal ? `signal ${signal}` : `code ${code}`;
    });
    this.children.push(entry);
    return child;
  }

  pids(): Record<string, number> {
    return Object.fromEntries(this.children.map((c) => [c.name, c.process.pid ?? 0]));
  }

  /** Throws when a child died while it should be running (bad config, crash under load). */
  assertAlive(): void {
    if (this.stopping) return;
    const dead = this.children.find((c) => c.exited);
    if (dead)
      throw new Error(`${dead.name} exited (${dead.exited}); its last output:\n  ${dead.tail.join('\n  ')}`);
  }

  /** SIGTERM (the services drain and exit), SIGKILL after `graceMs` for any that hangs. */
  async stopAll(graceMs = 5_000): Promise<void> {
    this.stopping = true;
    await Promise.all(
      this.children.map(async ({ process: child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }),
    );
  }
}

/** Polls `check` until it returns true, failing early when one of `children` has died. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  children: Children,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    children.assertAlive();
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
