import {
  DB_SCHEMA as CAMPAIGNS_SCHEMA,
  exportCampaignsHistory,
  MIGRATIONS_FOLDER as CAMPAIGNS_MIGRATIONS,
} from '@inbox/campaigns';
import {
  DB_SCHEMA as DIRECTORY_SCHEMA,
  exportDirectoryHistory,
  MIGRATIONS_FOLDER as DIRECTORY_MIGRATIONS,
} from '@inbox/directory';
import {
  DB_SCHEMA as INBOX_SCHEMA,
  exportInboxHistory,
  MIGRATIONS_FOLDER as INBOX_MIGRATIONS,
} from '@inbox/inbox';
import type { HistorySources } from '@inbox/analytics';
import type { Database, Db } from '@inbox/platform';

/**
 * The all-in-one mode's history for the analytics rebuild: every service's schema is in the one
 * database, so the services' exports are called in this process (no gRPC; the all-in-one is stopped).
 * Analytics itself never imports another service: the composition happens here.
 */
export function embeddedHistorySources(db: Db): HistorySources {
  return {
    directory: (query) => exportDirectoryHistory(db, query),
    inbox: (query) => exportInboxHistory(db, query),
    campaigns: (query) => exportCampaignsHistory(db, query),
  };
}

/** The exporting services' migrations, for data last run by an older version (its exports read the current schema). */
export async function migrateExportingServices(database: Database): Promise<void> {
  await database.migrate(DIRECTORY_SCHEMA, DIRECTORY_MIGRATIONS);
  await database.migrate(INBOX_SCHEMA, INBOX_MIGRATIONS);
  await database.migrate(CAMPAIGNS_SCHEMA, CAMPAIGNS_MIGRATIONS);
}
