import { z } from 'zod';
import { logLevel, optionalString } from '@inbox/platform';
import { rateLimitSchema } from '@inbox/gateway';

/** The all-in-one start: everything has a default, so `npm start` needs no configuration. */
export const allInOneConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    PUBLIC_URL: optionalString(),
    PLATFORM_TOKEN: optionalString(),
    INTERNAL_AUTH_SECRET: optionalString(),
    SMTP_URL: optionalString(),
    MAIL_FROM: z.string().default('Inbox <no-reply@localhost>'),
    BOOTSTRAP_CLIENT_ID: z.coerce.number().int().positive().default(1),
    BOOTSTRAP_ORGANIZATION_NAME: z.string().default('Demo organization'),
    BOOTSTRAP_ADMIN_EMAIL: z.string().default('admin@example.com'),
    BOOTSTRAP_ADMIN_NAME: z.string().default('Admin'),
    BOOTSTRAP_ADMIN_PASSWORD: z
      .string()
      .min(10, 'BOOTSTRAP_ADMIN_PASSWORD must be at least 10 characters')
      .default('change-me-please'),
    INBOX_ENCRYPTION_KEY: optionalString(),
    // Meta credentials: all of them, or none (then the bundled simulator plays the Cloud API).
    WHATSAPP_PHONE_NUMBER_ID: optionalString(),
    WHATSAPP_WABA_ID: optionalString(),
    WHATSAPP_ACCESS_TOKEN: optionalString(),
    WHATSAPP_APP_SECRET: optionalString(),
    WHATSAPP_VERIFY_TOKEN: optionalString(),
    WHATSAPP_DISPLAY_PHONE_NUMBER: optionalString(),
    WHATSAPP_API_BASE_URL: z.string().url().default('https://graph.facebook.com'),
    WHATSAPP_API_VERSION: z.string().default('v23.0'),
    // Optional real servers: the same one process against PostgreSQL, RabbitMQ and Redis.
    DATABASE_URL: optionalString(),
    AMQP_URL: optionalString(),
    REDIS_URL: optionalString(),
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
    const set = names.filter((n) => c[n]);
    if (set.length > 0 && set.length < names.length)
      ctx.addIssue({
        code: 'custom',
        path: [names.find((n) => !c[n])!],
        message: `set all of ${names.join(', ')} to use the real Cloud API, or none for the simulator`,
      });
  });

export type AllInOneConfig = z.infer<typeof allInOneConfigSchema>;
