import {
  generateSigningKeys,
  openTestDatabase,
  createLogger,
  newId,
  type CallerContext,
  type Database,
  type Role,
} from '@inbox/platform';
import type { DirectoryDeps } from '../deps';
import { createDirectoryEventRecorder } from '../events';
import type { MailMessage } from '../mail/mailer';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from '../service';
import { queryRows } from '@inbox/platform';
import { sql } from 'drizzle-orm';

export interface DirectoryTestbed {
  deps: DirectoryDeps;
  database: Database;
  mails: MailMessage[];
  /** A caller of an organization, as the gateway would sign it. */
  caller(orgId: number, role?: Role, userId?: string): CallerContext;
  /** Event types recorded in the outbox, oldest first. */
  recordedEvents(): Promise<Array<{ type: string; orgId: number; data: Record<string, unknown> }>>;
  close(): Promise<void>;
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
    caller: (orgId, role = 'ADMIN', userId = newId()) => ({
      orgId,
      kind: 'USER',
      principalId: userId,
      role,
      userId,
      requestId: newId(),
    }),
    recordedEvents: async () =>
      (
        await queryRows<{ payload: { type: string; orgId: number; data: Record<string, unknown> } }>(
          database.db,
          sql`select payload from directory.outbox order by created_at, id`,
        )
      ).map((r) => r.payload),
    close: () => database.close(),
  };
}
