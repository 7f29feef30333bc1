import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { isUniqueViolation, type Database } from '@inbox/platform';
import { openTestDatabase } from '@inbox/platform/testing';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from './location';
import { channels } from './schema';

/** The migrations folder as it was before WABA ids became unique (0000–0003). */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
  const upTo = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  journal.entries = journal.entries.slice(0, upTo);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries as Array<{ tag: string }>)
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

const channel = (orgId: number, wabaId: string) => ({
  orgId,
  phoneNumberId: `10000000000000${orgId}`,
  wabaId,
  apiBaseUrl: 'http://127.0.0.1:9',
  apiVersion: 'v23.0',
});

/** The messages along an error's cause chain (drivers and Drizzle wrap the server's error). */
function messagesOf(error: unknown): string {
  const parts: string[] = [];
  for (let e = error; e instanceof Error; e = e.cause) parts.push(e.message);
  return parts.join(' | ');
}

let database: Database;
let before: string;
beforeEach(async () => {
  database = await openTestDatabase();
  before = migrationsBefore('0004_template_sends');
  await database.migrate(DB_SCHEMA, before);
});
afterEach(async () => {
  await database.close();
  fs.rmSync(before, { recursive: true, force: true });
});

it('stops the upgrade with the shared WABA ids and their organizations, then goes through once fixed', async () => {
  await database.db
    .insert(channels)
    .values([channel(1, '2001'), channel(2, '2001'), channel(3, '2003'), channel(4, '2001')]);

  const failure = await database.migrate(DB_SCHEMA, MIGRATIONS_FOLDER).then(
    () => null,
    (error: unknown) => error,
  );
  expect(messagesOf(failure)).toContain('shared by several organizations: 2001 (organizations 1, 2, 4)');

  // Nothing of the failed migration stayed: the operator fixes the data and starts again.
  await database.db.update(channels).set({ wabaId: '2002' }).where(eqOrg(2));
  await database.db.update(channels).set({ wabaId: '2004' }).where(eqOrg(4));
  await database.migrate(DB_SCHEMA, MIGRATIONS_FOLDER);
  const duplicate = await database.db
    .insert(channels)
    .values(channel(5, '2003'))
    .then(
      () => null,
      (error: unknown) => error,
    );
  expect(isUniqueViolation(duplicate)).toBe(true);
});

it('upgrades a database whose WABA ids are already distinct', async () => {
  await database.db.insert(channels).values([channel(1, '2001'), channel(2, '2002')]);
  await database.migrate(DB_SCHEMA, MIGRATIONS_FOLDER);
  expect((await database.db.select().from(channels)).map((c) => c.wabaId).sort()).toEqual(['2001', '2002']);
});

const eqOrg = (orgId: number) => eq(channels.orgId, orgId);
