import { z } from 'zod';
import { logLevel, optionalString, secret, serverUrl } from '@inbox/platform';
import { withDatabaseUrl } from '../config';

/**
 * The distributed rebuild command's environment: the analytics database, and the services that
 * answer ExportHistory over gRPC, signed with INTERNAL_AUTH_SECRET. (The all-in-one's data is
 * rebuilt by `npm run analytics:rebuild`, all-in-one/src/analytics-rebuild-cli.ts.)
 */
export const rebuildConfigSchema = z
  .object({
    ANALYTICS_DATABASE_URL: optionalString().pipe(serverUrl('ANALYTICS_DATABASE_URL').optional()),
    DATABASE_URL: optionalString().pipe(serverUrl('DATABASE_URL').optional()),
    INTERNAL_AUTH_SECRET: secret('INTERNAL_AUTH_SECRET', 32),
    DIRECTORY_GRPC_ADDR: z.string().default('127.0.0.1:50051'),
    INBOX_GRPC_ADDR: z.string().default('127.0.0.1:50052'),
    CAMPAIGNS_GRPC_ADDR: z.string().default('127.0.0.1:50054'),
    LOG_LEVEL: logLevel,
  })
  .transform(
    withDatabaseUrl(
      'ANALYTICS_DATABASE_URL or DATABASE_URL is required (for the all-in-one data: npm run analytics:rebuild)',
    ),
  );

export type RebuildConfig = z.infer<typeof rebuildConfigSchema>;
