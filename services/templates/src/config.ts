import { z } from 'zod';
import {
  amqpNamespace,
  blobStoreEnv,
  blobStoreSettings,
  logLevel,
  optionalString,
  serverUrl,
  processEnv,
  internalAuthEnv,
} from '@inbox/platform';

/** The templates service's environment in the distributed mode (the all-in-one mode builds its options in code). */
export const templatesConfigSchema = z
  .object({
    GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50053),
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(8083),
    TEMPLATES_DATABASE_URL: optionalString().pipe(serverUrl('TEMPLATES_DATABASE_URL').optional()),
    DATABASE_URL: optionalString().pipe(serverUrl('DATABASE_URL').optional()),
    AMQP_URL: serverUrl('AMQP_URL'),
    AMQP_NAMESPACE: amqpNamespace(),
    ...internalAuthEnv,
    INBOX_GRPC_ADDR: z.string().default('127.0.0.1:50052'),
    /** Where the gateway is reached from outside: header-media links WhatsApp fetches start with it. */
    PUBLIC_URL: z.string().url().default('http://localhost:8080'),
    /** The Meta app whose Resumable Upload API takes header samples; unset: uploads answer 503. */
    WHATSAPP_APP_ID: optionalString(),
    MEDIA_DIR: z.string().default('./data/template-media'),
    /** BLOB_STORE=s3: stored header samples in a bucket every replica shares (MEDIA_DIR: uploads in progress). */
    ...blobStoreEnv({ prefix: 'templates/' }),
    /** Seconds between syncs of every organization's templates with WhatsApp; 0 turns it off. */
    TEMPLATES_SYNC_INTERVAL_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 86_400)
      .default(3600),
    ...processEnv,
    LOG_LEVEL: logLevel,
  })
  .transform((c, ctx) => {
    const databaseUrl = c.TEMPLATES_DATABASE_URL ?? c.DATABASE_URL;
    if (!databaseUrl)
      ctx.addIssue({
        code: 'custom',
        path: ['TEMPLATES_DATABASE_URL'],
        message: 'TEMPLATES_DATABASE_URL or DATABASE_URL is required',
      });
    const blobStore = blobStoreSettings(c, ctx);
    if (!databaseUrl || !blobStore) return z.NEVER;
    return { ...c, databaseUrl, blobStore };
  });

export type TemplatesConfig = z.infer<typeof templatesConfigSchema>;
