import { z } from 'zod';
import {
  migrateMain,
  migrationEnv,
  optionalString,
  serverUrl,
  type MigrateCommandConfig,
} from '@inbox/platform';
import { withDatabaseUrl } from './config';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from './db/location';

/** MIGRATION_DATABASE_URL, else the service's own rule (ANALYTICS_DATABASE_URL, else DATABASE_URL). */
const migrateConfig = z
  .object({
    ...migrationEnv,
    ANALYTICS_DATABASE_URL: optionalString().pipe(serverUrl('ANALYTICS_DATABASE_URL').optional()),
    DATABASE_URL: optionalString().pipe(serverUrl('DATABASE_URL').optional()),
  })
  .transform((c, ctx): MigrateCommandConfig => {
    if (c.MIGRATION_DATABASE_URL) return { ...c, databaseUrl: c.MIGRATION_DATABASE_URL };
    return withDatabaseUrl('MIGRATION_DATABASE_URL, ANALYTICS_DATABASE_URL or DATABASE_URL is required')(
      c,
      ctx,
    );
  });

/** The analytics migrate step: `node services/analytics/dist/migrate.js`, run before a rollout (the Kubernetes Job). */
migrateMain({ service: 'analytics', schema: DB_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER }, migrateConfig);
