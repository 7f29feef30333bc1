import {
  connectServiceBus,
  createCache,
  createRateLimiter,
  runMain,
  startServiceProcess,
} from '@inbox/platform';
import { gatewayConfigSchema } from './config';
import { startGateway } from './gateway';

/**
 * The gateway alone (distributed mode): config → metrics → adapters → HTTP → ready. Each step
 * adds its way out; a signal stops them newest first (HTTP, bus, cache, metrics).
 */
async function main(): Promise<void> {
  const started = await startServiceProcess(gatewayConfigSchema, 'gateway');
  const { config, logger, shutdown } = started;
  const cache = await shutdown.start('cache', createCache(config.REDIS_URL, { logger }), (c) => c.close());
  const rateLimiter = createRateLimiter(cache);
  const bus = await connectServiceBus(started);
  await shutdown.start(
    'http',
    startGateway({
      port: config.PORT,
      directoryAddress: config.DIRECTORY_GRPC_ADDR,
      inboxAddress: config.INBOX_GRPC_ADDR,
      inboxHttpUrl: config.INBOX_HTTP_URL,
      templatesAddress: config.TEMPLATES_GRPC_ADDR,
      templatesHttpUrl: config.TEMPLATES_HTTP_URL,
      campaignsAddress: config.CAMPAIGNS_GRPC_ADDR,
      campaignsHttpUrl: config.CAMPAIGNS_HTTP_URL,
      analyticsAddress: config.ANALYTICS_GRPC_ADDR,
      webhooks:
        config.WHATSAPP_APP_SECRET && config.WHATSAPP_VERIFY_TOKEN
          ? { appSecret: config.WHATSAPP_APP_SECRET, verifyToken: config.WHATSAPP_VERIFY_TOKEN }
          : undefined,
      cache,
      rateLimiter,
      bus,
      logger,
      internalAuthSecret: config.INTERNAL_AUTH_SECRET,
      publicKeyPem: config.JWT_PUBLIC_KEY,
      previousPublicKeyPem: config.JWT_PREVIOUS_PUBLIC_KEY,
      platformToken: config.PLATFORM_TOKEN,
      limits: config,
      trustProxy: config.TRUST_PROXY,
    }),
    (gateway) => gateway.stop(),
  );
}

runMain(main);
