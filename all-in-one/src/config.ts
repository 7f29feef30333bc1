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
    // Optional real servers: the same one process against PostgreSQL, RabbitMQ and Redis.
    DATABASE_URL: optionalString(),
    AMQP_URL: optionalString(),
    REDIS_URL: optionalString(),
    LOG_LEVEL: logLevel,
  })
  .and(rateLimitSchema);

export type AllInOneConfig = z.infer<typeof allInOneConfigSchema>;
