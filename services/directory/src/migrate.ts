import { migrateConfigSchema, migrateMain } from '@inbox/platform';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from './service';

/**
 * The directory's migrate step: `node services/directory/dist/migrate.js`, run before a rollout
 * (the Kubernetes Job) with MIGRATION_DATABASE_URL, else DIRECTORY_DATABASE_URL, else DATABASE_URL.
 */
migrateMain(
  { service: 'directory', schema: DB_SCHEMA, migrationsFolder: MIGRATIONS_FOLDER },
  migrateConfigSchema('DIRECTORY_DATABASE_URL'),
);
