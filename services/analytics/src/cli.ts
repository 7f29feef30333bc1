import {
  CallerTokenCache,
  ConfigError,
  createLogger,
  DomainError,
  loadConfig,
  openPostgres,
} from '@inbox/platform';
import { rebuildConfigSchema, type RebuildConfig } from './rebuild/config';
import { grpcHistorySources } from './rebuild/grpc-sources';
import { runRebuild } from './rebuild/run-rebuild';

const USAGE = `Usage:
  inbox-analytics rebuild
Resets the analytics read models and rebuilds them from the services' history (ExportHistory).
Stop the analytics service first; start it again afterwards (events that happened meanwhile wait in its queue).
Uses ANALYTICS_DATABASE_URL or DATABASE_URL, and asks DIRECTORY_GRPC_ADDR, INBOX_GRPC_ADDR and
CAMPAIGNS_GRPC_ADDR, signed with INTERNAL_AUTH_SECRET. The all-in-one's data: npm run analytics:rebuild.`;

/** The distributed mode's rebuild (a Kubernetes Job in the analytics image): the services over gRPC. */
async function rebuild(config: RebuildConfig): Promise<void> {
  const logger = createLogger('analytics-rebuild', config.LOG_LEVEL);
  const database = openPostgres(config.databaseUrl, { max: 1 });
  const history = grpcHistorySources(
    {
      directory: config.DIRECTORY_GRPC_ADDR,
      inbox: config.INBOX_GRPC_ADDR,
      campaigns: config.CAMPAIGNS_GRPC_ADDR,
    },
    new CallerTokenCache(config.INTERNAL_AUTH_SECRET),
  );
  try {
    await runRebuild(database, history.sources, logger, (line) => console.log(line));
  } finally {
    history.close();
    await database.close();
  }
}

/** Operators' command line of the analytics service. */
async function main(argv: string[]): Promise<number> {
  if (argv[0] !== 'rebuild' || argv.length > 1) {
    console.error(USAGE);
    return 2;
  }
  try {
    await rebuild(loadConfig(rebuildConfigSchema));
    return 0;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    if (error instanceof DomainError) {
      console.error(`${error.code}: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
