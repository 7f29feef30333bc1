import path from 'node:path';
import { z } from 'zod';
import { runRebuild } from '@inbox/analytics';
import {
  createLogger,
  loadConfig,
  logLevel,
  openPglite,
  openPostgres,
  optionalString,
  serverUrl,
} from '@inbox/platform';
import { embeddedHistorySources, migrateExportingServices } from './analytics-history';

/*
 * `npm run analytics:rebuild`: rebuilds the all-in-one's analytics read models from the directory's,
 * inbox's and campaigns' own data (services/analytics/src/rebuild). Stop the all-in-one first: its
 * embedded database has one user at a time. With DATABASE_URL, the all-in-one's PostgreSQL database
 * (every schema in it). The distributed mode has its own command in the analytics image
 * (`node services/analytics/dist/cli.js rebuild`, asking the services over gRPC).
 */
const configSchema = z.object({
  DATABASE_URL: optionalString().pipe(serverUrl('DATABASE_URL').optional()),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: logLevel,
});

async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const database = config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, { max: 1 })
    : await openPglite(path.join(path.resolve(config.DATA_DIR), 'pglite'));
  try {
    await migrateExportingServices(database);
    await runRebuild(
      database,
      embeddedHistorySources(database.db),
      createLogger('analytics-rebuild', config.LOG_LEVEL),
      (line) => console.log(line),
    );
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
