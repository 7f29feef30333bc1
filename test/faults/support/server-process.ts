import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** What the private servers share: running their tools, their temp directories, their processes. */

const execFileAsync = promisify(execFile);

/** Seconds, one decimal. */
export const secondsSince = (from: number) => Math.round((Date.now() - from) / 100) / 10;

/** Runs a command to its end; a failure names the command and carries its output. */
export async function run(command: string, args: string[], env?: Record<string, string>): Promise<string> {
  try {
    const { stdout } = await execFileAsync(command, args, {
      timeout: 120_000,
      // Somewhere the server's own user may stand (runuser keeps the working directory).
      cwd: os.tmpdir(),
      env: env ? { ...process.env, ...env } : process.env,
    });
    return stdout;
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${e.stderr || e.stdout || e.message}`);
  }
}

const isRoot = () => process.getuid?.() === 0;

/**
 * PostgreSQL refuses to run as root and Debian's rabbitmq-server switches to its own user: as root,
 * the server's tools run as that user (`runuser`) and its directories are given to it.
 */
export function asUser(user: string, command: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', user, '--', command, ...args]] : [command, args];
}

/** A temp directory of the server's own (owned by `user` when running as root); removed by close(). */
export function serverDir(prefix: string, user?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fault-${prefix}-`));
  if (user && isRoot()) {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, user]).toString().trim()));
    fs.chownSync(dir, uid, gid);
  }
  return dir;
}

/** Whether a program is on the PATH (or is an existing path). */
export function installed(program: string): boolean {
  if (program.includes('/')) return fs.existsSync(program);
  return (process.env.PATH ?? '').split(':').some((dir) => dir && fs.existsSync(path.join(dir, program)));
}

/** A server process started in the foreground: its last lines are kept, to explain a failed start. */
export interface ServerChild {
  process: ChildProcess;
  tail: string[];
  exited: Promise<void>;
}

export function spawnServer(command: string, args: string[], env: Record<string, string> = {}): ServerChild {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      tail.push(line);
      if (tail.length > 30) tail.shift();
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  return { process: child, tail, exited };
}

/** SIGKILL to a process we started, by its PID; resolves when it is gone. */
export async function killPid(pid: number, timeoutMs = 10_000): Promise<void> {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return; // already gone
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`process ${pid} still alive ${timeoutMs} ms after SIGKILL`);
}

/** Until a TCP port accepts connections (or `timeoutMs`). */
export async function waitForPort(port: number, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what}: port ${port} not open after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
