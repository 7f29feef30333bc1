import os from 'node:os';
import { z } from 'zod';
import {
  amqpNamespace,
  internalAuthEnv,
  logLevel,
  optionalString,
  serverUrl,
  processEnv,
} from '@inbox/platform';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const positive = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

/** The campaigns service's environment in the distributed mode (the all-in-one mode builds its options in code). */
export const campaignsConfigSchema = z
  .object({
    GRPC_PORT: port(50054),
    HTTP_PORT: port(8084),
    CAMPAIGNS_DATABASE_URL: optionalString().pipe(serverUrl('CAMPAIGNS_DATABASE_URL').optional()),
    DATABASE_URL: optionalString().pipe(serverUrl('DATABASE_URL').optional()),
    AMQP_URL: serverUrl('AMQP_URL'),
    AMQP_NAMESPACE: amqpNamespace(),
    /** The send rate shared by every worker and the caches; unset: memory (one process only). */
    REDIS_URL: optionalString().pipe(serverUrl('REDIS_URL').optional()),
    ...internalAuthEnv,
    INBOX_GRPC_ADDR: z.string().default('127.0.0.1:50052'),
    TEMPLATES_GRPC_ADDR: z.string().default('127.0.0.1:50053'),
    /** One rate for every number (messages per second), over what WhatsApp reports. */
    CAMPAIGNS_SEND_RATE: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.coerce.number().positive().max(10_000).optional(),
    ),
    CAMPAIGNS_STANDARD_SEND_RATE: positive(80, 10_000),
    CAMPAIGNS_HIGH_SEND_RATE: positive(1000, 10_000),
    /** Recipients per send job on the send queue. */
    CAMPAIGNS_SLICE_SIZE: positive(100, 10_000),
    /** Sends in flight at once per worker process. */
    CAMPAIGNS_SEND_CONCURRENCY: positive(64, 1000),
    /** How long a claimed send may take before its outcome counts as unknown. */
    CAMPAIGNS_LEASE_SECONDS: positive(120, 3600),
    /** Milliseconds between scheduler passes (due SCHEDULED campaigns → QUEUED). */
    CAMPAIGNS_SCHEDULER_INTERVAL_MS: positive(5000, 3_600_000),
    /** The operator's rate card (JSON); unset: the card shipped with the product. */
    CAMPAIGNS_RATE_CARD_FILE: optionalString(),
    /** api: gRPC, internal HTTP, consumers, scheduler; worker: the send queue only (`main.js worker` too). */
    CAMPAIGNS_MODE: z.enum(['api', 'worker']).default('api'),
    ...processEnv,
    LOG_LEVEL: logLevel,
  })
  .transform((c, ctx) => {
    const databaseUrl = c.CAMPAIGNS_DATABASE_URL ?? c.DATABASE_URL;
    if (!databaseUrl) {
      ctx.addIssue({
        code: 'custom',
        path: ['CAMPAIGNS_DATABASE_URL'],
        message: 'CAMPAIGNS_DATABASE_URL or DATABASE_URL is required',
      });
      return z.NEVER;
    }
    return { ...c, databaseUrl };
  });

export type CampaignsConfig = z.infer<typeof campaignsConfigSchema>;

/** The settings of the use cases and workers, from the environment. */
export const settingsOf = (config: CampaignsConfig) => ({
  standardSendRate: config.CAMPAIGNS_STANDARD_SEND_RATE,
  highSendRate: config.CAMPAIGNS_HIGH_SEND_RATE,
  sendRateOverride: config.CAMPAIGNS_SEND_RATE,
  sliceSize: config.CAMPAIGNS_SLICE_SIZE,
  sendConcurrency: config.CAMPAIGNS_SEND_CONCURRENCY,
  leaseSeconds: config.CAMPAIGNS_LEASE_SECONDS,
  workerId: `${os.hostname()}:${process.pid}`,
});
