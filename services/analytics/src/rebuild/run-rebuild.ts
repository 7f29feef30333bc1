import type { Database, Logger } from '@inbox/platform';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from '../db/location';
import type { HistorySources } from './history-source';
import { rebuildReadModels } from './rebuild-read-models';

/**
 * What both rebuild commands do once their database and sources are open (the distributed one,
 * src/cli.ts, and the all-in-one's): migrate the analytics schema, rebuild, say what happened.
 */
export async function runRebuild(
  database: Database,
  sources: HistorySources,
  logger: Logger,
  print: (line: string) => void,
): Promise<void> {
  await database.migrate(DB_SCHEMA, MIGRATIONS_FOLDER);
  const result = await rebuildReadModels({ db: database.db, logger, sources });
  print(
    `Read models rebuilt from history before ${result.cutoff.toISOString()}: ${result.events} events in ` +
      `${result.seconds.toFixed(1)} s` +
      (result.skipped ? `; ${result.skipped} refused by the projections (logged)` : '') +
      '.\nStart the analytics service again: it skips the queued events the history told.',
  );
}
