import type { Servers } from '../../../tools/bench/src/targets';
import { postgresBin, startPrivatePostgres, type PrivatePostgres } from './private-postgres';
import { startPrivateRabbitMq, type PrivateRabbitMq } from './private-rabbitmq';
import { startPrivateRedis, type PrivateRedis } from './private-redis';
import { installed } from './server-process';

/**
 * PostgreSQL, RabbitMQ and Redis of a fault test's own, on ports of their own: the test kills and
 * restarts them while other suites use the machine's servers, and their state never depends on
 * what ran before. Started in beforeAll, stopped in afterAll — only these, by PID or node name.
 */
export interface PrivateServers extends Servers {
  postgres: PrivatePostgres;
  rabbitmq: PrivateRabbitMq;
  redis: PrivateRedis;
  close(): Promise<void>;
}

/** What this machine lacks to start them (a fault run fails on it, never skips silently). */
export function missingServerPrograms(): string[] {
  return [
    ...(postgresBin() ? [] : ['PostgreSQL server (initdb, pg_ctl)']),
    ...['redis-server', 'rabbitmq-server', 'rabbitmqctl'].filter((p) => !installed(p)),
  ];
}

export async function startPrivateServers(): Promise<PrivateServers> {
  const missing = missingServerPrograms();
  if (missing.length)
    throw new Error(`the fault tests start their own servers; missing: ${missing.join(', ')}`);
  const started = await Promise.allSettled([
    startPrivatePostgres(),
    startPrivateRabbitMq(),
    startPrivateRedis(),
  ]);
  const [postgres, rabbitmq, redis] = started;
  if (postgres.status === 'rejected' || rabbitmq.status === 'rejected' || redis.status === 'rejected') {
    for (const s of started) if (s.status === 'fulfilled') await s.value.close().catch(() => undefined);
    const reasons = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
    throw new Error(`private servers did not start: ${reasons.join('; ')}`);
  }
  return {
    postgresUrl: postgres.value.url,
    amqpUrl: rabbitmq.value.url,
    redisUrl: redis.value.url,
    postgres: postgres.value,
    rabbitmq: rabbitmq.value,
    redis: redis.value,
    close: async () => {
      await Promise.all([postgres.value.close(), rabbitmq.value.close(), redis.value.close()]);
    },
  };
}
