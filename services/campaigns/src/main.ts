import {
  connectServiceBus,
  createCache,
  openServiceDatabase,
  runMain,
  startServiceProcess,
  throttledWarn,
} from '@inbox/platform';
import { startCampaignsApp } from './app';
import { grpcInboxPort } from './clients/inbox-client';
import { grpcTemplatesPort } from './clients/templates-client';
import { campaignsConfigSchema, settingsOf } from './config';
import { loadPricing } from './pricing/pricing';
import { watchSendConsumers } from './sending/send-consumers';
import { createMemorySendRate, createRedisSendRate } from './sending/send-rate';

/**
 * The campaigns service alone (distributed mode). `api` (default): gRPC, internal HTTP, consumers
 * and the scheduler. `worker` (CAMPAIGNS_MODE=worker or `main.js worker`): the send queue and the
 * lease sweeper, with gRPC health on GRPC_PORT for the probes; scaled on the queue's depth.
 * config → metrics → database → bus → cache → send rate → app; a signal stops them newest first.
 */
async function main(): Promise<void> {
  const modeOf = (config: { CAMPAIGNS_MODE: 'api' | 'worker' }) =>
    process.argv.includes('worker') ? 'worker' : config.CAMPAIGNS_MODE;
  const started = await startServiceProcess(campaignsConfigSchema, (config) =>
    modeOf(config) === 'worker' ? 'campaigns-worker' : 'campaigns',
  );
  const { config, logger, shutdown } = started;
  const mode = modeOf(config);
  const database = await openServiceDatabase(started);
  const bus = await connectServiceBus(started);
  const keyPrefix = `${config.AMQP_NAMESPACE ? `${config.AMQP_NAMESPACE}:` : ''}campaigns:`;
  const cache = await shutdown.start('cache', createCache(config.REDIS_URL, { keyPrefix, logger }), (c) =>
    c.close(),
  );
  if (!config.REDIS_URL)
    logger.warn('REDIS_URL is not set: the send rate is per process, not shared by workers');
  // While Redis fails, each worker paces at its share of the rate: the send queue's consumers.
  const consumers = mode === 'worker' && config.REDIS_URL ? watchSendConsumers(bus) : undefined;
  const sendRate = await shutdown.start(
    'send rate',
    config.REDIS_URL
      ? createRedisSendRate(config.REDIS_URL, {
          keyPrefix,
          onError: throttledWarn(logger, 'Redis failing: each worker paces at its share of the send rate'),
          sharedBy: consumers?.count,
        })
      : createMemorySendRate(),
    async (s) => {
      consumers?.stop();
      await s.close();
    },
  );
  await shutdown.start(
    'worker, http, grpc, scheduler and outbox',
    startCampaignsApp({
      migrations: config.DB_MIGRATIONS,
      database,
      bus,
      logger,
      inbox: grpcInboxPort(config.INBOX_GRPC_ADDR, config.INTERNAL_AUTH_SECRET),
      templates: grpcTemplatesPort(config.TEMPLATES_GRPC_ADDR, config.INTERNAL_AUTH_SECRET),
      internalAuthSecret: config.INTERNAL_AUTH_SECRET,
      previousInternalAuthSecret: config.INTERNAL_AUTH_SECRET_PREVIOUS,
      settings: settingsOf(config),
      sendRate,
      cache,
      pricing: loadPricing(config.CAMPAIGNS_RATE_CARD_FILE),
      grpcAddress: `0.0.0.0:${config.GRPC_PORT}`,
      httpPort: config.HTTP_PORT,
      schedulerIntervalMs: config.CAMPAIGNS_SCHEDULER_INTERVAL_MS,
      api: mode === 'api',
      worker: mode === 'worker',
    }),
    (app) => app.stop(),
  );
}

runMain(main);
