import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '@inbox/contracts';
import { gatewayProcessEnv, logLevel, optionalSecret, optionalString, serverUrl } from '@inbox/platform';
import { rateLimitSchema } from '@inbox/gateway';
import { llmEnv } from '@inbox/inbox';

const optionalUrl = (name: string) => optionalString().pipe(serverUrl(name).optional());

/** The all-in-one start: everything has a default, so `npm start` needs no configuration. */
export const allInOneConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    // The bot's optional OpenAI-compatible model (unset: the built-in models only).
    ...llmEnv,
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    PUBLIC_URL: optionalString(),
    // Where e-mailed account links point, when not at this process's own pages (PUBLIC_URL).
    ACCOUNT_LINKS_URL: optionalString().pipe(z.url().optional()),
    PLATFORM_TOKEN: optionalSecret('PLATFORM_TOKEN', 32),
    // Unset: made once and kept in DATA_DIR.
    INTERNAL_AUTH_SECRET: optionalSecret('INTERNAL_AUTH_SECRET', 32),
    SMTP_URL: optionalUrl('SMTP_URL'),
    MAIL_FROM: z.string().default('Inbox <no-reply@localhost>'),
    BOOTSTRAP_CLIENT_ID: z.coerce.number().int().positive().default(1),
    BOOTSTRAP_ORGANIZATION_NAME: z.string().default('Demo organization'),
    BOOTSTRAP_ADMIN_EMAIL: z.string().default('admin@example.com'),
    BOOTSTRAP_ADMIN_NAME: z.string().default('Admin'),
    // Unset: the first start generates one and prints it once (no password is known in advance).
    BOOTSTRAP_ADMIN_PASSWORD: optionalString().pipe(
      z
        .string()
        .min(
          MIN_PASSWORD_LENGTH,
          `BOOTSTRAP_ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters`,
        )
        .optional(),
    ),
    INBOX_ENCRYPTION_KEY: optionalSecret('INBOX_ENCRYPTION_KEY', 32),
    // Meta credentials: all of them, or none (then the bundled simulator plays the Cloud API).
    WHATSAPP_PHONE_NUMBER_ID: optionalString(),
    WHATSAPP_WABA_ID: optionalString(),
    WHATSAPP_ACCESS_TOKEN: optionalSecret('WHATSAPP_ACCESS_TOKEN', 16),
    WHATSAPP_APP_SECRET: optionalSecret('WHATSAPP_APP_SECRET', 16),
    WHATSAPP_VERIFY_TOKEN: optionalSecret('WHATSAPP_VERIFY_TOKEN', 16),
    WHATSAPP_DISPLAY_PHONE_NUMBER: optionalString(),
    WHATSAPP_API_BASE_URL: z.string().url().default('https://graph.facebook.com'),
    WHATSAPP_API_VERSION: z.string().default('v23.0'),
    // The Meta app whose Resumable Upload API takes template header samples (with the real Cloud
    // API; the simulator has its own). Unset there: header uploads answer 503.
    WHATSAPP_APP_ID: optionalString().pipe(
      z
        .string()
        .regex(/^\d{1,30}$/, 'WHATSAPP_APP_ID is digits')
        .optional(),
    ),
    // Seconds between syncs of every organization's templates with WhatsApp; 0 turns them off.
    TEMPLATES_SYNC_INTERVAL_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 86_400)
      .default(3600),
    // Optional real servers: the same one process against PostgreSQL, RabbitMQ and Redis.
    DATABASE_URL: optionalUrl('DATABASE_URL'),
    AMQP_URL: optionalUrl('AMQP_URL'),
    REDIS_URL: optionalUrl('REDIS_URL'),
    // Prometheus /metrics on its own port; unset: none. Migrations always apply at start here.
    ...gatewayProcessEnv,
    LOG_LEVEL: logLevel,
  })
  .and(rateLimitSchema)
  .superRefine((c, ctx) => {
    const names = [
      'WHATSAPP_PHONE_NUMBER_ID',
      'WHATSAPP_WABA_ID',
      'WHATSAPP_ACCESS_TOKEN',
      'WHATSAPP_APP_SECRET',
      'WHATSAPP_VERIFY_TOKEN',
    ] as const;
    // The durable bus over the embedded database assumes one process owns it; a PostgreSQL that
    // several processes may share (a rolling restart) needs the broker for its events.
    if (c.DATABASE_URL && !c.AMQP_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['AMQP_URL'],
        message: 'AMQP_URL is required with DATABASE_URL (events of a shared database go through RabbitMQ)',
      });
    const set = names.filter((n) => c[n]);
    if (set.length > 0 && set.length < names.length)
      ctx.addIssue({
        code: 'custom',
        path: [names.find((n) => !c[n])!],
        message: `set all of ${names.join(', ')} to use the real Cloud API, or none for the simulator`,
      });
  });

export type AllInOneConfig = z.infer<typeof allInOneConfigSchema>;
