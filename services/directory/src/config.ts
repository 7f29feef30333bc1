import { z } from 'zod';
import { logLevel, optionalString } from '@inbox/platform';

const pem = (name: string) =>
  z
    .string({ error: `${name} is required (PEM)` })
    .min(1)
    .transform((v) => v.replace(/\\n/g, '\n'));

/** The directory's environment in the distributed mode (the all-in-one mode builds its settings in code). */
export const directoryConfigSchema = z
  .object({
    GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50051),
    DIRECTORY_DATABASE_URL: optionalString(),
    DATABASE_URL: optionalString(),
    AMQP_URL: z.string({ error: 'AMQP_URL is required' }).url(),
    INTERNAL_AUTH_SECRET: z
      .string({ error: 'INTERNAL_AUTH_SECRET is required' })
      .min(32, 'INTERNAL_AUTH_SECRET must be at least 32 characters'),
    JWT_PRIVATE_KEY: pem('JWT_PRIVATE_KEY'),
    JWT_PUBLIC_KEY: pem('JWT_PUBLIC_KEY'),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    INVITATION_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(168),
    PUBLIC_URL: z.string().url().default('http://localhost:8080'),
    SMTP_URL: optionalString(),
    MAIL_FROM: z.string().default('Inbox <no-reply@localhost>'),
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
