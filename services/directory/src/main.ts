import { createLogger, loadConfig, onShutdown, openPostgres, RabbitMqBus, runMain } from '@inbox/platform';
import { startDirectoryApp } from './app';
import { directoryConfigSchema } from './config';
import { createMailer } from './mail/mailer';

/** The directory service alone (distributed mode): config → adapters → gRPC server → ready. */
async function main(): Promise<void> {
  const config = loadConfig(directoryConfigSchema);
  const logger = createLogger('directory', config.LOG_LEVEL);
  if (!config.SMTP_URL && !config.MAIL_LOG_LINKS)
    logger.warn(
      'SMTP_URL is not set: invitation and reset e-mails are not sent (the log shows them without their links)',
    );
  const database = openPostgres(config.databaseUrl);
  const bus = await RabbitMqBus.connect(config.AMQP_URL, logger, { namespace: config.AMQP_NAMESPACE });
  const app = await startDirectoryApp({
    database,
    bus,
    logger,
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      logger,
      redactLinks: !config.MAIL_LOG_LINKS,
    }),
    internalAuthSecret: config.INTERNAL_AUTH_SECRET,
    grpcAddress: `0.0.0.0:${config.GRPC_PORT}`,
    settings: {
      accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
      invitationTtlHours: config.INVITATION_TTL_HOURS,
      passwordResetTtlHours: config.PASSWORD_RESET_TTL_HOURS,
      publicUrl: config.ACCOUNT_LINKS_URL ?? config.PUBLIC_URL,
      signingKeys: { privateKeyPem: config.JWT_PRIVATE_KEY, publicKeyPem: config.JWT_PUBLIC_KEY },
    },
  });
  onShutdown(logger, [
    { name: 'grpc and outbox', run: app.stop },
    { name: 'bus', run: () => bus.close() },
    { name: 'database', run: () => database.close() },
  ]);
}

runMain(main);
