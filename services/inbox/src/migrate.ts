import { migrateConfigSchema, migrateMain } from '@inbox/platform';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from './db/location';

/**
 * The inbox's migrate step: `node services/inbox/dist/migrate.js`, run before a rollout (the
 * Kubernetes Job) with MIGRATION_DATABASE_URL, else INBOX_DATABASE_URL, else DATABASE_URL.
 */
migrateMain(
  { service: 'inbox', schema: DB_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER },
  migrateConfigSchema('INBOX_DATABASE_URL'),
);
