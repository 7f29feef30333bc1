import { z } from 'zod';
import {
  logLevel,
  optionalString,
  pemKey,
  serverUrl,
  amqpNamespace,
  processEnv,
  internalAuthEnv,
} from '@inbox/platform';

/** The directory's environment in the distributed mode (the all-in-one mode builds its settings in code). */
export const directoryConfigSchema = z
  .object({
    GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50051),
    DIRECTORY_DATABASE_URL: optionalString().pipe(serverUrl('DIRECTORY_DATABASE_URL').optional()),
    DATABASE_URL: optionalString().pipe(serverUrl('DATABASE_URL').optional()),
    AMQP_URL: serverUrl('AMQP_URL'),
    AMQP_NAMESPACE: amqpNamespace(),
    ...internalAuthEnv,
    JWT_PRIVATE_KEY: pemKey('JWT_PRIVATE_KEY', 'private'),
    JWT_PUBLIC_KEY: pemKey('JWT_PUBLIC_KEY', 'public'),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    INVITATION_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(168),
    PASSWORD_RESET_TTL_HOURS: z.coerce.number().int().min(1).max(168).default(24),
    PUBLIC_URL: z.string().url().default('http://localhost:8080'),
    // Where e-mailed account links point, when not at the gateway's own pages (PUBLIC_URL).
    ACCOUNT_LINKS_URL: optionalString().pipe(z.url().optional()),
    SMTP_URL: optionalString().pipe(serverUrl('SMTP_URL').optional()),
    /**
     * Without SMTP, e-mails go to the log without their link tokens; `true` logs them whole, for a
     * stack on a developer's machine (docker-compose) whose log nobody else reads.
     */
    MAIL_LOG_LINKS: z
      .enum(['true', 'false'], { error: 'MAIL_LOG_LINKS must be true or false' })
      .default('false')
      .transform((v) => v === 'true'),
    MAIL_FROM: z.string().default('Inbox <no-reply@localhost>'),
    ...processEnv,
    LOG_LEVEL: logLevel,
  })
  .transform((c, ctx) => {
    const databaseUrl = c.DIRECTORY_DATABASE_URL ?? c.DATABASE_URL;
    if (!databaseUrl) {
      ctx.addIssue({
        code: 'custom',
        path: ['DIRECTORY_DATABASE_URL'],
        message: 'DIRECTORY_DATABASE_URL or DATABASE_URL is required',
      });
      return z.NEVER;
    }
    return { ...c, databaseUrl };
  });

export type DirectoryConfig = z.infer<typeof directoryConfigSchema>;
