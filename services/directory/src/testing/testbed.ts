import { generateSigningKeys, createLogger, newId } from '@inbox/platform';
import { openTestDatabase, recordedEvents, testCaller, type ServiceTestbed } from '@inbox/platform/testing';
import type { DirectoryDeps } from '../deps';
import { createDirectoryEventRecorder } from '../events';
import type { MailMessage } from '../mail/mailer';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from '../service';

export interface DirectoryTestbed extends ServiceTestbed<DirectoryDeps> {
  mails: MailMessage[];
}

/** A migrated directory database (PGlite, or PostgreSQL when DATABASE_URL is set) and real use-case deps. */
export async function createDirectoryTestbed(): Promise<DirectoryTestbed> {
  const database = await openTestDatabase();
  await database.migrate(DB_SCHEMA, MIGRATIONS_FOLDER);
  const mails: MailMessage[] = [];
  const deps: DirectoryDeps = {
    db: database.db,
    events: createDirectoryEventRecorder({ nudge: () => undefined }, () => new Date()),
    mailer: { send: async (m) => void mails.push(m) },
    settings: {
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      invitationTtlHours: 168,
      passwordResetTtlHours: 24,
      publicUrl: 'http://inbox.test',
      signingKeys: generateSigningKeys(),
    },
    logger: createLogger('directory-test', 'silent'),
    now: () => new Date(),
  };
  return {
    deps,
    database,
    mails,
    caller: (orgId, role = 'ADMIN', userId = newId()) => testCaller(orgId, role, userId),
    recordedEvents: () => recordedEvents(database.db, DB_SCHEMA),
    close: () => database.close(),
  };
}
