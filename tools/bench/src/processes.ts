import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** Ports freePort() answered in this process: the OS may offer a port again once it is closed. */
const handedOut = new Set<number>();

/**
 * A port nobody listens on right now (the OS picks it), never one this process handed out before:
 * the child binds it a moment later, and a run asks for a dozen ports before the first is bound.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '0.0.0.0', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

interface Child {
  name: string;
  /** How it was started: respawn() starts it again the same way (same ports). */
  args: string[];
  env: Record<string, string>;
  process: ChildProcess;
  /** The last lines it wrote: shown when it dies, so a failed start explains itself. */
  tail: string[];
  exited?: string;
  /** Killed on purpose by kill(): its exit is not a failure of the run. */
  killed?: boolean;
  /** Exited on its own and restarted by the restartCrashed policy (recorded in `crashes`). */
  restarted?: boolean;
}

/** A child that exited on its own, while the restartCrashed policy was on. */
export interface Crash {
  name: string;
  at: number;
  exited: string;
  tail: string[];
}

/**
 * The processes this benchmark started, and only those: stopped by their own PID (never by name),
 * on success, failure and Ctrl-C alike. A child that exits on its own is a failure of the run.
 */
export class Children {
  private readonly children: Child[] = [];
  private stopping = false;
  private readonly log?: fs.WriteStream;
  private readonly restartCrashed: boolean;
  /** Every child that exited on its own (restartCrashed), in order. */
  readonly crashes: Crash[] = [];

  /**
   * `logFile`: every line the children write goes there instead of to stderr (a fault test's
   * services log each outage they ride out; the file is read when something needs explaining).
   * `restartCrashed`: a child that exits on its own is recorded in `crashes` and started again a
   * second later, as Kubernetes restarts a container — so a fault run goes on and reports every
   * crash at its end, instead of stopping at the first.
   */
  constructor(options: { logFile?: string; restartCrashed?: boolean } = {}) {
    if (options.logFile) this.log = fs.createWriteStream(options.logFile, { flags: 'a' });
    this.restartCrashed = options.restartCrashed ?? false;
  }

  spawn(name: string, args: string[], env: Record<string, string>): ChildProcess {
    const entry = this.start(name, args, env);
    this.children.push(entry);
    return entry.process;
  }

  /**
   * kill -9 (by default) the child named `name`, for a fault test: its exit is expected, not a
   * failure. Resolves once it has exited.
   */
  async kill(name: string, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const entry = this.named(name);
    entry.killed = true;
    const child = entry.process;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  /** Starts a child stopped by kill() again, with the same arguments and environment (same ports). */
  respawn(name: string): ChildProcess {
    const old = this.named(name);
    if (!old.exited && !old.killed) throw new Error(`${name} is running: kill it first`);
    const entry = this.start(name, old.args, old.env);
    this.children[this.children.indexOf(old)] = entry;
    return entry.process;
  }

  private named(name: string): Child {
    const entry = this.children.find((c) => c.name === name);
    if (!entry) throw new Error(`no child named ${name}`);
    return entry;
  }

  private start(name: string, args: string[], env: Record<string, string>): Child {
    // BENCH_CHILD_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": profile the services under load.
    const nodeArgs = process.env.BENCH_CHILD_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const child = spawn(process.execPath, [...nodeArgs, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const entry: Child = { name, args, env, process: child, tail: [] };
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        entry.tail.push(line);
        if (entry.tail.length > 20) entry.tail.shift();
        // LOG_LEVEL=warn: anything that gets here deserves to be seen — until we stop them: what
        // a service logs while being stopped (calls of clients autocannon dropped) is not the run's.
        if (this.log) {
          if (!this.log.writableEnded) this.log.write(`${new Date().toISOString()} [${name}] ${line}\n`);
        } else if (!this.stopping) process.stderr.write(`[${name}] ${line}\n`);
      }
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('error', (error) => {
      entry.exited ??= `spawn error: ${error.message}`;
    });
    child.once('exit', (code, signal) => {
      entry.exited = signal ? `signal ${signal}` : `code ${code}`;
      if (this.restartCrashed && !entry.killed && !this.stopping) this.restartLater(entry);
    });
    return entry;
  }

  private restartLater(entry: Child): void {
    entry.restarted = true;
    this.crashes.push({
      name: entry.name,
      at: Date.now(),
      exited: entry.exited ?? '?',
      tail: [...entry.tail],
    });
    this.note(`${entry.name} exited on its own (${entry.exited}): restarting it in 1 s`);
    setTimeout(() => {
      const at = this.children.indexOf(entry);
      if (at >= 0 && !this.stopping) this.children[at] = this.start(entry.name, entry.args, entry.env);
    }, 1_000);
  }

  /** A line of the run's own in the children's log (what was done to them, and when). */
  note(line: string): void {
    if (this.log && !this.log.writableEnded) this.log.write(`${new Date().toISOString()} [run] ${line}\n`);
  }

  pids(): Record<string, number> {
    return Object.fromEntries(this.children.map((c) => [c.name, c.process.pid ?? 0]));
  }

  /** Throws when a child died while it should be running (bad config, crash under load). */
  assertAlive(): void {
    if (this.stopping) return;
    const dead = this.children.find((c) => c.exited && !c.killed && !c.restarted);
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
    const log = this.log;
    if (log && !log.writableEnded) await new Promise<void>((resolve) => log.end(resolve));
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
