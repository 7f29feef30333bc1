import type { Logger } from '../logger';
import { within } from '../time-limit';
import { isDatabaseUnavailable } from './connection-errors';
import type { Database } from './database';

export interface WaitForDatabaseOptions {
  /** How long a database that cannot be reached is waited for (default 30 s, as RabbitMQ's connect). */
  connectTimeoutMs?: number;
  retryIntervalMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the database answers. A process started while PostgreSQL is down or starting up (a
 * restart, a failover, a cluster coming up together) then comes up by itself a moment later,
 * instead of exiting and waiting out the kubelet's growing crash back-off. Only "cannot be reached"
 * is waited for: a wrong password or a missing database fails at once, and so does the last
 * attempt's error once the time is up.
 */
export async function waitForDatabase(
  database: Pick<Database, 'ping'>,
  logger: Logger,
  options: WaitForDatabaseOptions = {},
): Promise<void> {
  const retryIntervalMs = options.retryIntervalMs ?? 500;
  const deadline = Date.now() + (options.connectTimeoutMs ?? 30_000);
  for (let attempt = 1; ; attempt += 1) {
    try {
      // Bounded too: a ping to an address that drops packets waits for the kernel (~2 minutes).
      await within(database.ping(), deadline - Date.now(), () =>
        // ETIMEDOUT: isDatabaseUnavailable says "unavailable", so it is waited for like a refusal.
        Object.assign(new Error('database did not answer in time'), { code: 'ETIMEDOUT' }),
      );
      if (attempt > 1) logger.info({ attempts: attempt }, 'database reachable');
      return;
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() + retryIntervalMs > deadline) throw err;
      // The first miss is worth a line; the rest would only repeat it.
      if (attempt === 1) logger.warn({ err }, 'database not reachable yet; waiting for it');
      await sleep(retryIntervalMs);
    }
  }
}
