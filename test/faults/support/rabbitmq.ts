import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Seconds each phase of a broker restart took. */
export interface BrokerRestart {
  /** `rabbitmqctl stop_app`: every connection closed, the broker down. */
  stopSeconds: number;
  /** From the broker down (stop_app returned) to serving again (await_startup returned). */
  downSeconds: number;
  /** `start_app` + `await_startup`: accepting connections again. */
  startSeconds: number;
}

const round = (ms: number) => Math.round(ms / 100) / 10;
const seconds = (from: number) => round(Date.now() - from);

async function rabbitmqctl(...args: string[]): Promise<void> {
  try {
    await run('rabbitmqctl', args, { timeout: 120_000 });
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(`rabbitmqctl ${args.join(' ')} failed: ${e.stderr || e.message}`);
  }
}

/**
 * Restarts the local RabbitMQ node's application (the Erlang VM stays up): `stop_app` closes every
 * client's connection and stops the broker, `start_app` brings it back with its durable queues and
 * their persistent messages, `await_startup` waits until it serves. `pauseMs` is how long it stays
 * down beyond what stopping takes. Every client of the broker on this machine is disturbed: run alone.
 */
export async function restartRabbitMq(pauseMs: number): Promise<BrokerRestart> {
  const stopping = Date.now();
  let down = Date.now();
  let starting = Date.now();
  try {
    await rabbitmqctl('stop_app');
    down = Date.now();
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  } finally {
    // Never leave the broker down, whatever failed.
    starting = Date.now();
    await rabbitmqctl('start_app');
    await rabbitmqctl('await_startup');
  }
  return { stopSeconds: round(down - stopping), downSeconds: seconds(down), startSeconds: seconds(starting) };
}
