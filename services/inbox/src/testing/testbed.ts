import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  assertOutsideTransaction,
  createLogger,
  FsBlobStore,
  newId,
  type CallerContext,
} from '@inbox/platform';
import { openTestDatabase, recordedEvents, testCaller, type ServiceTestbed } from '@inbox/platform/testing';
import { createIntelligence } from '../bot/intelligence';
import { ChannelRegistry } from '../channel/channel-registry';
import { SecretBox } from '../channel/secret-box';
import type { InboxDeps } from '../deps';
import type { DirectoryLookup, RoutingTeamView } from '../directory-lookup';
import { createInboxEventRecorder } from '../events';
import { createMediaTransfers } from '../media/transfers';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from '../db/location';

/** A directory stand-in for service-level tests: which users and tags exist in which organization. */
export class FakeDirectory implements DirectoryLookup {
  readonly users = new Map<number, Set<string>>();
  readonly tags = new Map<number, Set<string>>();
  readonly teams = new Map<number, Map<string, RoutingTeamView>>();
  addUser(orgId: number, userId = newId()): string {
    this.users.set(orgId, (this.users.get(orgId) ?? new Set()).add(userId));
    return userId;
  }
  addTag(orgId: number, tagId = newId()): string {
    this.tags.set(orgId, (this.tags.get(orgId) ?? new Set()).add(tagId));
    return tagId;
  }
  /** A team routing can use: active, no members, open; the returned view may be changed later by the test. */
  addTeam(orgId: number, team: Partial<RoutingTeamView> = {}): RoutingTeamView {
    const view: RoutingTeamView = {
      id: newId(),
      active: true,
      members: [],
      schedule: { open: true, nextChangeAt: null, timezone: 'UTC' },
      ...team,
    };
    this.teams.set(orgId, (this.teams.get(orgId) ?? new Map()).set(view.id, view));
    return view;
  }
  // Like the real lookup (a gRPC call), refused inside a transaction.
  async isActiveUser(caller: CallerContext, userId: string) {
    assertOutsideTransaction('directory GetUser');
    return this.users.get(caller.orgId)?.has(userId) ?? false;
  }
  async tagExists(caller: CallerContext, tagId: string) {
    assertOutsideTransaction('directory ListTags');
    return this.tags.get(caller.orgId)?.has(tagId) ?? false;
  }
  async routingTeam(orgId: number, teamId: string) {
    assertOutsideTransaction('directory GetRoutingTeam');
    const team = this.teams.get(orgId)?.get(teamId);
    return team ? structuredClone(team) : null;
  }
  close() {}
}

export interface InboxTestbed extends ServiceTestbed<InboxDeps> {
  directory: FakeDirectory;
  mediaDir: string;
}

/** A migrated inbox database (PGlite, or PostgreSQL when DATABASE_URL is set) with real use-case deps. */
export async function createInboxTestbed(): Promise<InboxTestbed> {
  const database = await openTestDatabase();
  await database.migrate(DB_SCHEMA, MIGRATIONS_FOLDER);
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-media-'));
  const directory = new FakeDirectory();
  const logger = createLogger('inbox-test', 'silent');
  const deps: InboxDeps = {
    db: database.db,
    events: createInboxEventRecorder({ nudge: () => undefined }, () => new Date()),
    channels: new ChannelRegistry(database.db, new SecretBox(randomBytes(32))),
    directory,
    blobs: new FsBlobStore(mediaDir),
    transfers: createMediaTransfers(),
    settings: { defaultApiBaseUrl: 'http://127.0.0.1:9', defaultApiVersion: 'v23.0', allowedApiBaseUrls: [] },
    intelligence: createIntelligence({ logger }),
    logger,
    now: () => new Date(),
  };
  return {
    deps,
    database,
    directory,
    mediaDir,
    caller: (orgId, role = 'ADMIN', userId = directory.addUser(orgId)) => testCaller(orgId, role, userId),
    recordedEvents: () => recordedEvents(database.db, DB_SCHEMA),
    close: async () => {
      await database.close();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
