import { z } from 'zod';
import { loadConfig, logLevel, optionalString, serverUrl } from '../config';
import { createLogger } from '../logger';
import { runMain } from '../main';
import { openPostgres } from './database';
import { DEFAULT_MIGRATION_LOCK_TIMEOUT_MS } from './migration-journal';
import type { ServiceSchema } from './schema-migrations';
import { waitForDatabase } from './wait-for-database';

/**
 * The migrate step's own settings. MIGRATION_DATABASE_URL: a role allowed to change the schema
 * (the services' own role need not be); unset, the service's usual database variables.
 */
export const migrationEnv = {
  MIGRATION_DATABASE_URL: optionalString().pipe(serverUrl('MIGRATION_DATABASE_URL').optional()),
  MIGRATION_LOCK_TIMEOUT_MS: z.coerce
    .number<string | undefined>()
    .int()
    .min(0)
    .default(DEFAULT_MIGRATION_LOCK_TIMEOUT_MS),
  LOG_LEVEL: logLevel,
};

export interface MigrateCommandConfig {
  databaseUrl: string;
  MIGRATION_LOCK_TIMEOUT_MS: number;
  LOG_LEVEL: z.infer<typeof logLevel>;
}

/**
 * The migrate step's environment for a service whose database is `<variable>` (e.g.
 * INBOX_DATABASE_URL), else DATABASE_URL: the same rule as the service's config.
 */
export function migrateConfigSchema(variable: string): z.ZodType<MigrateCommandConfig, NodeJS.ProcessEnv> {
  const url = (name: string) => optionalString().pipe(serverUrl(name).optional());
  return z
    .object({ ...migrationEnv, DATABASE_URL: url('DATABASE_URL'), [variable]: url(variable) })
    .transform((c, ctx) => {
      const own = (c as Record<string, unknown>)[variable] as string | undefined;
      const databaseUrl = c.MIGRATION_DATABASE_URL ?? own ?? c.DATABASE_URL;
      if (!databaseUrl) {
        ctx.addIssue({
          code: 'custom',
          path: ['MIGRATION_DATABASE_URL'],
          message: `MIGRATION_DATABASE_URL, ${variable} or DATABASE_URL is required`,
        });
        return z.NEVER;
      }
      return { ...c, databaseUrl };
    }) as unknown as z.ZodType<MigrateCommandConfig, NodeJS.ProcessEnv>;
}

/** The error's messages along its cause chain, with PostgreSQL's code: what an operator needs to act. */
function explain(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    parts.push(typeof code === 'string' ? `${e.message} (${code})` : e.message);
  }
  const text = parts.join(': ') || String(error);
  return /\b55P03\b/.test(text)
    ? `${text}. A transaction held a lock on a table this migration changes for longer than ` +
        'MIGRATION_LOCK_TIMEOUT_MS: run it again when that transaction has ended'
    : text;
}

/** Applies a service's migrations on PostgreSQL; returns those applied, throws with a clear message. */
export async function runMigrations(
  target: ServiceSchema,
  config: MigrateCommandConfig,
  logger = createLogger(`${target.service}-migrate`, config.LOG_LEVEL),
): Promise<string[]> {
  const database = openPostgres(config.databaseUrl, { max: 1, service: `${target.service}-migrate` });
  try {
    // A Job started with the database (a fresh environment) waits for it rather than failing.
    await waitForDatabase(database, logger);
    const applied = await database.migrate(target.schema, target.migrationsFolder, {
      lockTimeoutMs: config.MIGRATION_LOCK_TIMEOUT_MS,
    });
    if (applied.length > 0)
      logger.info(
        { schema: target.schema, applied },
        `applied ${applied.length} migration(s): ${applied.join(', ')}`,
      );
    else logger.info({ schema: target.schema }, 'schema up to date: nothing to apply');
    return applied;
  } catch (error) {
    throw new Error(`${target.service}: migrating schema "${target.schema}" failed: ${explain(error)}`, {
      cause: error,
    });
  } finally {
    await database.close();
  }
}

/**
 * A service's migrate entry point (`node services/<service>/dist/migrate.js`): run as its own step
 * before a rollout (a Kubernetes Job), so services at boot only check. Exit 0 once the schema is
 * current, 1 with the reason on one log line otherwise.
 */
export function migrateMain(
  target: ServiceSchema,
  schema: z.ZodType<MigrateCommandConfig, NodeJS.ProcessEnv>,
): void {
  runMain(async () => {
    const config = loadConfig(schema);
    const logger = createLogger(`${target.service}-migrate`, config.LOG_LEVEL);
    try {
      await runMigrations(target, config, logger);
    } catch (error) {
      logger.fatal((error as Error).message);
      process.exitCode = 1;
    }
  });
}
