import { migrateConfigSchema, migrateMain } from '@inbox/platform';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from './db/location';

/**
 * The templates's migrate step: `node services/templates/dist/migrate.js`, run before a rollout (the
 * Kubernetes Job) with MIGRATION_DATABASE_URL, else TEMPLATES_DATABASE_URL, else DATABASE_URL.
 */
migrateMain(
  { service: 'templates', schema: DB_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER },
  migrateConfigSchema('TEMPLATES_DATABASE_URL'),
);
