import { connectServiceBus, openServiceDatabase, runMain, startServiceProcess } from '@inbox/platform';
import { startDirectoryApp } from './app';
import { directoryConfigSchema } from './config';
import { createMailer } from './mail/mailer';

/**
 * The directory service alone (distributed mode): config → metrics → adapters → gRPC server →
 * ready; a signal stops them newest first.
 */
async function main(): Promise<void> {
  const started = await startServiceProcess(directoryConfigSchema, 'directory');
  const { config, logger, shutdown } = started;
  if (!config.SMTP_URL && !config.MAIL_LOG_LINKS)
    logger.warn(
      'SMTP_URL is not set: invitation and reset e-mails are not sent (the log shows them without their links)',
    );
  const database = await openServiceDatabase(started);
  const bus = await connectServiceBus(started);
  await shutdown.start(
    'grpc and outbox',
    startDirectoryApp({
      migrations: config.DB_MIGRATIONS,
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
      previousInternalAuthSecret: config.INTERNAL_AUTH_SECRET_PREVIOUS,
      grpcAddress: `0.0.0.0:${config.GRPC_PORT}`,
      settings: {
        accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
        refreshTokenTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
        invitationTtlHours: config.INVITATION_TTL_HOURS,
        passwordResetTtlHours: config.PASSWORD_RESET_TTL_HOURS,
        publicUrl: config.ACCOUNT_LINKS_URL ?? config.PUBLIC_URL,
        signingKeys: { privateKeyPem: config.JWT_PRIVATE_KEY, publicKeyPem: config.JWT_PUBLIC_KEY },
      },
    }),
    (app) => app.stop(),
  );
}

runMain(main);
