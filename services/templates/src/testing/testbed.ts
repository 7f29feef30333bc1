import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadServiceConstructor, type InboxServiceClient } from '@inbox/contracts';
import { startInboxApp, type DirectoryLookup, type InboxApp } from '@inbox/inbox';
import {
  CallerTokenCache,
  createGrpcClient,
  createLogger,
  FsBlobStore,
  InProcessBus,
  newId,
  type CallerContext,
  type EventBus,
  type GrpcClient,
} from '@inbox/platform';
import {
  openForTestFile as openForThisFile,
  openTestDatabase,
  recordedEvents,
  testCaller,
  type ServiceTestbed,
} from '@inbox/platform/testing';
import { startSimulator, type Simulator } from '@inbox/whatsapp-sim';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from '../db/location';
import { cloudApiFor, type TemplatesDeps } from '../deps';
import { createTemplatesEventRecorder } from '../events';
import { grpcInboxPort } from '../inbox-client';

/** The secret the testbed's services sign and check caller contexts with. */
export const TESTBED_INTERNAL_SECRET = 'templates-testbed-internal-secret-0123456789';
const INTERNAL_SECRET = TESTBED_INTERNAL_SECRET;

/**
 * The inbox's own dependency on the directory (assignees, tags), which no template flow reaches:
 * every user is active, no tag exists. The templates service itself talks to the real inbox.
 */
const directoryStandIn: DirectoryLookup = {
  isActiveUser: async () => true,
  tagExists: async () => false,
  routingTeam: async () => null,
  close: () => undefined,
};

/** An organization whose WhatsApp channel points at its own simulator, with an Admin and an Agent. */
export interface OrgWithChannel {
  orgId: number;
  wabaId: string;
  phoneNumberId: string;
  sim: Simulator;
  admin: CallerContext;
  agent: CallerContext;
}

export interface OrgOptions {
  /** Let the simulator approve submitted templates after its review delay (default: only on command). */
  autoApprove?: boolean;
}

export interface TemplatesTestbed extends ServiceTestbed<TemplatesDeps> {
  /** The real inbox service, on the same database (its own schema), reached over gRPC like in production. */
  inbox: InboxApp;
  /** The bus the inbox (and a templates app a test starts) publish on. */
  bus: EventBus;
  mediaDir: string;
  /** A fresh organization with a channel set through the inbox's PutWhatsAppSettings. */
  orgWithChannel(options?: OrgOptions): Promise<OrgWithChannel>;
  /** Moves the service's clock (deps.now) forward, as time passing would. */
  advanceClock(ms: number): void;
  /** A fresh organization without a channel. */
  orgWithoutChannel(): { orgId: number; admin: CallerContext; agent: CallerContext };
}

/**
 * A migrated templates database (PGlite, or PostgreSQL when DATABASE_URL is set), the real inbox
 * app beside it, and a WhatsApp simulator per organization. One per test file.
 */
export async function createTemplatesTestbed(): Promise<TemplatesTestbed> {
  const logger = createLogger('templates-test', 'silent');
  const database = await openTestDatabase();
  await database.migrate(DB_SCHEMA, MIGRATIONS_FOLDER);
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'templates-media-'));
  const bus = new InProcessBus(logger);
  let clockOffsetMs = 0;
  const inbox = await startInboxApp({
    database,
    bus,
    logger,
    directory: directoryStandIn,
    internalAuthSecret: INTERNAL_SECRET,
    encryptionKey: randomBytes(32).toString('hex'),
    mediaDir: path.join(mediaDir, 'inbox'),
    settings: { defaultApiBaseUrl: 'http://127.0.0.1:9', defaultApiVersion: 'v23.0', allowedApiBaseUrls: [] },
    grpcAddress: '127.0.0.1:0',
    httpPort: 0,
    httpHost: '127.0.0.1',
  });
  const inboxAddress = `127.0.0.1:${inbox.grpcPort}`;
  const deps: TemplatesDeps = {
    db: database.db,
    events: createTemplatesEventRecorder({ nudge: () => undefined }, () => new Date()),
    inbox: grpcInboxPort(inboxAddress, INTERNAL_SECRET),
    whatsappFor: cloudApiFor,
    blobs: new FsBlobStore(mediaDir),
    settings: { publicUrl: 'http://inbox.test', whatsappAppId: 'app-test', mediaDir },
    logger,
    now: () => new Date(Date.now() + clockOffsetMs),
  };
  const settingsClient: GrpcClient<InboxServiceClient> = createGrpcClient(
    loadServiceConstructor('inbox.v1.InboxService'),
    inboxAddress,
  );
  const tokens = new CallerTokenCache(INTERNAL_SECRET);
  const simulators: Simulator[] = [];
  let nextOrgId = 1;
  const callers = (orgId: number) => ({
    admin: testCaller(orgId, 'ADMIN', newId()),
    agent: testCaller(orgId, 'AGENT', newId()),
  });

  const orgWithChannel = async (options: OrgOptions = {}): Promise<OrgWithChannel> => {
    const orgId = nextOrgId++;
    const { admin, agent } = callers(orgId);
    const wabaId = `${100_000 + orgId}${randomBytes(3).readUIntBE(0, 3)}`;
    const phoneNumberId = `${200_000 + orgId}${randomBytes(3).readUIntBE(0, 3)}`;
    const accessToken = `token-${orgId}-${newId()}`;
    const sim = await startSimulator({
      appSecret: 'sim-app-secret',
      accessToken,
      phoneNumberId,
      wabaId,
      displayPhoneNumber: '15550001111',
      templateAutoApprove: options.autoApprove ?? false,
    });
    simulators.push(sim);
    // The operator allows each simulator's address, as WHATSAPP_ALLOWED_API_BASE_URLS would.
    inbox.deps.settings.allowedApiBaseUrls.push(sim.url);
    await settingsClient.call.PutWhatsAppSettings(
      { phoneNumberId, wabaId, accessToken, apiBaseUrl: sim.url, apiVersion: 'v23.0' },
      { callerToken: tokens.tokenFor(admin), requestId: admin.requestId },
    );
    return { orgId, wabaId, phoneNumberId, sim, admin, agent };
  };

  return {
    deps,
    database,
    inbox,
    bus,
    mediaDir,
    orgWithChannel,
    advanceClock: (ms) => {
      clockOffsetMs += ms;
    },
    orgWithoutChannel: () => {
      const orgId = nextOrgId++;
      return { orgId, ...callers(orgId) };
    },
    caller: (orgId, role = 'ADMIN', userId = newId()) => testCaller(orgId, role, userId),
    recordedEvents: () => recordedEvents(database.db, DB_SCHEMA),
    close: async () => {
      settingsClient.close();
      deps.inbox.close();
      await inbox.stop();
      await Promise.all(simulators.map((s) => s.stop()));
      await bus.close();
      await database.close();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

/** The platform's openForTestFile, with room for the inbox and the simulator to start on a loaded machine. */
export const openForTestFile = <T extends { close(): Promise<void> }>(open: () => Promise<T>): T =>
  openForThisFile(open, { timeoutMs: 120_000 });
