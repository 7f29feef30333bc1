import type { z } from 'zod';
import { RabbitMqBus } from './bus/rabbitmq-bus';
import type { QueueType } from './bus/rabbitmq-topology';
import { loadConfig, type logLevel } from './config';
import { openPostgres, type Database } from './db/database';
import { createLogger, type Logger } from './logger';
import { startMetricsServer } from './metrics/server';
import { handleShutdown, type ShutdownPlan } from './shutdown';

/** What every process's main has once it started: its config, its logger and its way out. */
export interface ServiceProcess<C> {
  config: C;
  logger: Logger;
  shutdown: ShutdownPlan;
}

interface ProcessConfig {
  LOG_LEVEL: z.infer<typeof logLevel>;
  METRICS_PORT?: number;
}

/*
 * The first steps every main takes, in one place. Each function below adds exactly one shutdown
 * step (test/deploy/support/code-facts.ts counts them to check the pods' termination grace).
 */

/**
 * config → logger → signals handled (from here on a SIGTERM stops what started and exits 0) →
 * /metrics on METRICS_PORT when set. `name` names the process in every log line.
 */
export async function startServiceProcess<C extends ProcessConfig, Input>(
  schema: z.ZodType<C, Input>,
  name: string | ((config: C) => string),
): Promise<ServiceProcess<C>> {
  const config = loadConfig(schema);
  const logger = createLogger(typeof name === 'string' ? name : name(config), config.LOG_LEVEL);
  const shutdown = handleShutdown(logger);
  if (config.METRICS_PORT) {
    const metrics = startMetricsServer({ port: config.METRICS_PORT, logger });
    await shutdown.start('metrics', metrics, (m) => m.close());
  }
  return { config, logger, shutdown };
}

/** The service's PostgreSQL pool (connected lazily: the app's schema step waits for the database). */
export function openServiceDatabase(service: ServiceProcess<{ databaseUrl: string }>): Promise<Database> {
  return service.shutdown.start('database', openPostgres(service.config.databaseUrl), (d) => d.close());
}

/** RabbitMQ, connected (retried for a while) with the process's namespace and queue type. */
export function connectServiceBus(
  service: ServiceProcess<{ AMQP_URL: string; AMQP_NAMESPACE?: string; AMQP_QUEUE_TYPE?: QueueType }>,
): Promise<RabbitMqBus> {
  const { config, logger, shutdown } = service;
  return shutdown.start(
    'bus',
    RabbitMqBus.connect(config.AMQP_URL, logger, {
      namespace: config.AMQP_NAMESPACE,
      queueType: config.AMQP_QUEUE_TYPE,
    }),
    (b) => b.close(),
  );
}
