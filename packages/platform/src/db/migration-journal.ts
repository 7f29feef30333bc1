import fs from 'node:fs';
import path from 'node:path';

/** Each service's migration journal: one table per service in a `drizzle` schema, apart from the service's own schema. */
export const journal = (schema: string, migrationsFolder: string) => ({
  migrationsFolder,
  migrationsSchema: 'drizzle',
  migrationsTable: `${schema}_migrations`,
});

/** A raw query on either driver's client (pg's Client and PGlite both fit). */
export type RawQuery = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

interface JournalEntry {
  tag: string;
  /** drizzle-kit's timestamp of the migration; the journal table records it as `created_at`. */
  when: number;
}

function migrationsIn(migrationsFolder: string): JournalEntry[] {
  const file = path.join(migrationsFolder, 'meta', '_journal.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
}

/**
 * The migrations of `migrationsFolder` not applied to `schema`, by name (`0004_template_sends`).
 * Drizzle's own rule — every migration newer than the last one recorded — so a check passes exactly
 * when applying would do nothing, and a schema ahead of the code (after a rollback) passes too.
 */
export async function pendingMigrations(
  query: RawQuery,
  schema: string,
  migrationsFolder: string,
): Promise<string[]> {
  const { migrationsSchema, migrationsTable } = journal(schema, migrationsFolder);
  const table = `"${migrationsSchema}"."${migrationsTable}"`;
  const [{ present }] = (await query('select to_regclass($1) is not null as present', [table]))
    .rows as Array<{ present: boolean }>;
  let last = -Infinity;
  if (present) {
    const [row] = (await query(`select max(created_at) as last from ${table}`)).rows as Array<{
      last: string | number | null;
    }>;
    if (row.last !== null) last = Number(row.last);
  }
  return migrationsIn(migrationsFolder)
    .filter((entry) => entry.when > last)
    .map((entry) => entry.tag);
}

/** How long a migration statement waits for a lock before it fails (MIGRATION_LOCK_TIMEOUT_MS). */
export const DEFAULT_MIGRATION_LOCK_TIMEOUT_MS = 10_000;
