import { z } from 'zod';
import {
  amqpNamespace,
  internalAuthEnv,
  logLevel,
  optionalString,
  serverUrl,
  processEnv,
} from '@inbox/platform';

/**
 * The database of analytics' environments: ANALYTICS_DATABASE_URL, else DATABASE_URL, as
 * `databaseUrl`; neither is `message` on ANALYTICS_DATABASE_URL.
 */
export const withDatabaseUrl =
  (message: string) =>
  <C extends { ANALYTICS_DATABASE_URL?: string; DATABASE_URL?: string }>(c: C, ctx: z.RefinementCtx) => {
    const databaseUrl = c.ANALYTICS_DATABASE_URL ?? c.DATABASE_URL;
    if (!databaseUrl) {
      ctx.addIssue({ code: 'custom', path: ['ANALYTICS_DATABASE_URL'], message });
      return z.NEVER;
    }
    return { ...c, databaseUrl };
  };

/** The analytics service's environment in the distributed mode (the all-in-one mode builds its options in code). */
export const analyticsConfigSchema = z
  .object({
    GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50055),
    ANALYTICS_DATABASE_URL: optionalString().pipe(serverUrl('ANALYTICS_DATABASE_URL').optional()),
    DATABASE_URL: optionalString().pipe(serverUrl('DATABASE_URL').optional()),
    AMQP_URL: serverUrl('AMQP_URL'),
    AMQP_NAMESPACE: amqpNamespace(),
    /** Computed reports shared by the replicas; unset: memory (bounded, per process). */
    REDIS_URL: optionalString().pipe(serverUrl('REDIS_URL').optional()),
    ...internalAuthEnv,
    ...processEnv,
    LOG_LEVEL: logLevel,
  })
  .transform(withDatabaseUrl('ANALYTICS_DATABASE_URL or DATABASE_URL is required'));

export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;
