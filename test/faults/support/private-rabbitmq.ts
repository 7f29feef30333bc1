import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../../tools/bench/src/processes';
import { killPid, run, secondsSince, serverDir, spawnServer, type ServerChild } from './server-process';

/** Seconds each phase of a broker restart took. */
export interface BrokerRestart {
  /** Stopping: `stop_app` closing every connection, or the node killed. */
  stopSeconds: number;
  /** From the broker down to serving again. */
  downSeconds: number;
  /** Starting until it serves (`await_startup` returned). */
  startSeconds: number;
}

/**
 * A RabbitMQ node of the fault tests' own (its own node name, AMQP and distribution ports, data
 * and logs in a temp directory; Debian's rabbitmq-server runs it as the rabbitmq user), so
 * restarting it disturbs nobody else. Every rabbitmqctl call names this node (`-n`).
 */
export interface PrivateRabbitMq {
  /** amqp://guest:guest@127.0.0.1:<port> */
  url: string;
  node: string;
  /**
   * `stop_app`, `pauseMs`, `start_app`: the VM stays up, every connection is closed. `whileDown`
   * runs once the broker is down (before the pause), e.g. to read how far the work had got.
   */
  restartApp(pauseMs: number, whileDown?: () => Promise<void>): Promise<BrokerRestart>;
  /** kill -9 of the node (a crash), `pauseMs`, then the node started again on the same data. */
  crashAndRestart(pauseMs: number): Promise<BrokerRestart>;
  close(): Promise<void>;
}

export async function startPrivateRabbitMq(): Promise<PrivateRabbitMq> {
  const dir = serverDir('rabbitmq', 'rabbitmq');
  const [port, distPort] = await Promise.all([freePort(), freePort()]);
  const node = `faults-${process.pid}-${randomBytes(3).toString('hex')}@localhost`;
  const file = (name: string, content: string) => {
    const at = path.join(dir, name);
    fs.writeFileSync(at, content);
    return at;
  };
  const env = {
    RABBITMQ_NODENAME: node,
    RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
    RABBITMQ_NODE_PORT: String(port),
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_MNESIA_BASE: path.join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: path.join(dir, 'log'),
    RABBITMQ_PID_FILE: path.join(dir, 'node.pid'),
    // Not the machine's files: its env file names the machine's node, its config its port.
    RABBITMQ_CONF_ENV_FILE: file('rabbitmq-env.conf', 'ERL_EPMD_ADDRESS=127.0.0.1\n'),
    RABBITMQ_CONFIG_FILE: file('rabbitmq.conf', `listeners.tcp.default = 127.0.0.1:${port}\n`),
    RABBITMQ_ENABLED_PLUGINS_FILE: file('enabled_plugins', '[].\n'),
  };
  const ctl = (...args: string[]) => run('rabbitmqctl', ['-n', node, ...args]);
  let server: ServerChild | undefined;
  const nodePid = () => {
    try {
      return Number(fs.readFileSync(env.RABBITMQ_PID_FILE, 'utf8').trim()) || undefined;
    } catch {
      return undefined;
    }
  };

  const start = async () => {
    fs.rmSync(env.RABBITMQ_PID_FILE, { force: true });
    server = spawnServer('rabbitmq-server', [], env);
    const child = server;
    let up = false;
    const failed = child.exited.then(() => {
      if (!up) throw new Error(`rabbitmq-server exited at start:\n  ${child.tail.join('\n  ')}`);
    });
    await Promise.race([
      (async () => {
        await ctl('wait', env.RABBITMQ_PID_FILE, '--timeout', '120');
        await ctl('await_startup');
      })(),
      failed,
    ]);
    up = true;
  };
  const kill = async () => {
    const pid = nodePid();
    if (pid) await killPid(pid);
    // Never signal that PID again: it may be another process's by then.
    fs.rmSync(env.RABBITMQ_PID_FILE, { force: true });
    await server?.exited;
  };

  const started = Date.now();
  await start();
  process.stderr.write(`private RabbitMQ ${node} on port ${port} in ${secondsSince(started)} s\n`);
  return {
    url: `amqp://guest:guest@127.0.0.1:${port}`,
    node,
    restartApp: async (pauseMs, whileDown) => {
      const stopping = Date.now();
      let down = Date.now();
      let starting = Date.now();
      try {
        await ctl('stop_app');
        down = Date.now();
        await whileDown?.();
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      } finally {
        // Never leave the broker down, whatever failed.
        starting = Date.now();
        await ctl('start_app');
        await ctl('await_startup');
      }
      return {
        stopSeconds: Math.round((down - stopping) / 100) / 10,
        downSeconds: secondsSince(down),
        startSeconds: secondsSince(starting),
      };
    },
    crashAndRestart: async (pauseMs) => {
      const stopping = Date.now();
      await kill();
      const down = Date.now();
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      const starting = Date.now();
      await start();
      return {
        stopSeconds: Math.round((down - stopping) / 100) / 10,
        downSeconds: secondsSince(down),
        startSeconds: secondsSince(starting),
      };
    },
    close: async () => {
      try {
        if (nodePid()) await ctl('stop');
      } catch {
        await kill();
      }
      await server?.exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
