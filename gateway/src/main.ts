import {
  createCache,
  createLogger,
  createRateLimiter,
  loadConfig,
  onShutdown,
  RabbitMqBus,
  runMain,
} from '@inbox/platform';
import { gatewayConfigSchema } from './config';
import { startGateway } from './gateway';

/** The gateway alone (distributed mode): config → adapters → HTTP → ready. */
async function main(): Promise<void> {
  const config = loadConfig(gatewayConfigSchema);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const cache = createCache(config.REDIS_URL, { logger });
  const rateLimiter = createRateLimiter(cache);
  const bus = await RabbitMqBus.connect(config.AMQP_URL, logger, { namespace: config.AMQP_NAMESPACE });
  const gateway = await startGateway({
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
    platformToken: config.PLATFORM_TOKEN,
    limits: config,
    trustProxy: config.TRUST_PROXY,
  });
  onShutdown(logger, [
    { name: 'http', run: gateway.stop },
    { name: 'bus', run: () => bus.close() },
    { name: 'cache', run: () => cache.close() },
  ]);
}

runMain(main);
