import { migrateConfigSchema, migrateMain } from '@inbox/platform';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from './db/location';

/**
 * The campaigns's migrate step: `node services/campaigns/dist/migrate.js`, run before a rollout (the
 * Kubernetes Job) with MIGRATION_DATABASE_URL, else CAMPAIGNS_DATABASE_URL, else DATABASE_URL.
 */
migrateMain(
  { service: 'campaigns', schema: DB_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER },
  migrateConfigSchema('CAMPAIGNS_DATABASE_URL'),
);
