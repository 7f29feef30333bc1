import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  loadServiceConstructor,
  type CampaignsServiceClient,
  type InboxServiceClient,
  type TemplatesServiceClient,
} from '@inbox/contracts';
import { startInboxApp, type DirectoryLookup, type InboxApp } from '@inbox/inbox';
import {
  CallerTokenCache,
  createGrpcClient,
  createLogger,
  InProcessBus,
  MemoryCache,
  newId,
  type CallerContext,
  type CallOptions,
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
import { grpcInboxPort as templatesInboxPort, startTemplatesApp, type TemplatesApp } from '@inbox/templates';
import { startSimulator, type Simulator, type SimulatorOptions } from '@inbox/whatsapp-sim';
import { startCampaignsApp, type CampaignsApp } from '../app';
import { grpcInboxPort } from '../clients/inbox-client';
import { grpcTemplatesPort } from '../clients/templates-client';
import { DB_SCHEMA } from '../db/location';
import type { CampaignsDeps, CampaignsSettings } from '../deps';
import { createMemorySendRate } from '../sending/send-rate';
import { startCampaignWorker, type RunningCampaignWorker } from '../worker';
import { templateSeed, type TemplateSeed } from './template-seeds';
import { testPricing } from './test-pricing';

/** The secret the testbed's services sign and check caller contexts with. */
export const TESTBED_INTERNAL_SECRET = 'campaigns-testbed-internal-secret-0123456789';
const SECRET = TESTBED_INTERNAL_SECRET;

/** The inbox's own lookups of the directory, which no campaign flow reaches. */
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

/** A template the templates service holds (synced from the simulator). */
export interface SeededTemplate {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
}

export interface CampaignsTestbedOptions {
  /** Start the worker with the app (default false: tests call startWorker when they want sends). */
  worker?: boolean;
  /** Settings over the testbed's (fast: 1,000 sends per second, slices of 100). */
  settings?: Partial<CampaignsSettings>;
  /** Milliseconds between scheduler passes (default 0: tests run passes themselves). */
  schedulerIntervalMs?: number;
}

export interface CampaignsTestbed extends ServiceTestbed<CampaignsDeps> {
  /** The campaigns app (gRPC, internal HTTP, consumers, relay; the worker when asked). */
  app: CampaignsApp;
  /** The real inbox and templates services on the same database (their own schemas), over gRPC. */
  inbox: InboxApp;
  templates: TemplatesApp;
  bus: EventBus;
  /** The campaigns service's gRPC methods, called as `caller`. */
  grpc: GrpcClient<CampaignsServiceClient>;
  /** The templates service's, to change templates as their owners would. */
  templatesGrpc: GrpcClient<TemplatesServiceClient>;
  callAs(caller: CallerContext): CallOptions;
  /** A fresh organization with a channel (set through the inbox), its own simulator. */
  orgWithChannel(options?: Partial<SimulatorOptions>): Promise<OrgWithChannel>;
  orgWithoutChannel(): { orgId: number; admin: CallerContext; agent: CallerContext };
  /** A template seeded in the organization's simulator and synced by the templates service. */
  seedTemplate(org: OrgWithChannel, seed?: TemplateSeed): Promise<SeededTemplate>;
  /** Starts a worker on the testbed's bus (another replica when the app runs one); stopped by close(). */
  startWorker(): Promise<RunningCampaignWorker>;
  /** Moves the service's clock (deps.now) forward, as time passing would. */
  advanceClock(ms: number): void;
  /** What the organization's simulator was sent, per template and recipient (`/_sim/sent/counts`). */
  sentCounts(org: OrgWithChannel): Promise<SentCounts>;
}

/** The simulator's count of sends: per template, how many recipients and how many got it twice. */
export interface SentCounts {
  sends: number;
  templates: Record<string, { sends: number; recipients: number; duplicated: number }>;
  callbackData: { sends: number; distinct: number; duplicated: number };
  duplicateCount: number;
}

const SETTINGS: CampaignsSettings = {
  standardSendRate: 80,
  highSendRate: 1000,
  sendRateOverride: 1000,
  sliceSize: 100,
  sendConcurrency: 8,
  leaseSeconds: 30,
  workerId: 'testbed',
};

/**
 * A migrated campaigns database (PGlite, or PostgreSQL when DATABASE_URL is set), the campaigns
 * app on it with the real inbox and templates services beside it, an in-process bus, and a
 * WhatsApp simulator per organization. One per test file.
 */
export async function createCampaignsTestbed(
  options: CampaignsTestbedOptions = {},
): Promise<CampaignsTestbed> {
  const logger = createLogger('campaigns-test', 'silent');
  const database = await openTestDatabase();
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaigns-testbed-'));
  const bus = new InProcessBus(logger);
  let clockOffsetMs = 0;
  const inbox = await startInboxApp({
    database,
    bus,
    logger,
    directory: directoryStandIn,
    internalAuthSecret: SECRET,
    encryptionKey: randomBytes(32).toString('hex'),
    mediaDir: path.join(mediaDir, 'inbox'),
    settings: { defaultApiBaseUrl: 'http://127.0.0.1:9', defaultApiVersion: 'v23.0', allowedApiBaseUrls: [] },
    grpcAddress: '127.0.0.1:0',
    httpPort: 0,
    httpHost: '127.0.0.1',
  });
  const inboxAddress = `127.0.0.1:${inbox.grpcPort}`;
  const templates = await startTemplatesApp({
    database,
    bus,
    logger,
    inbox: templatesInboxPort(inboxAddress, SECRET),
    internalAuthSecret: SECRET,
    settings: {
      publicUrl: 'http://inbox.test',
      whatsappAppId: 'app-test',
      mediaDir: path.join(mediaDir, 'tpl'),
    },
    syncIntervalSeconds: 0,
    grpcAddress: '127.0.0.1:0',
    httpPort: 0,
    httpHost: '127.0.0.1',
  });
  const templatesAddress = `127.0.0.1:${templates.grpcPort}`;
  const sendRate = createMemorySendRate();
  const app = await startCampaignsApp({
    database,
    bus,
    logger,
    inbox: grpcInboxPort(inboxAddress, SECRET),
    templates: grpcTemplatesPort(templatesAddress, SECRET),
    internalAuthSecret: SECRET,
    settings: { ...SETTINGS, ...options.settings },
    sendRate,
    cache: new MemoryCache(),
    pricing: testPricing(),
    grpcAddress: '127.0.0.1:0',
    httpPort: 0,
    httpHost: '127.0.0.1',
    schedulerIntervalMs: options.schedulerIntervalMs ?? 0,
    worker: options.worker ?? false,
    now: () => new Date(Date.now() + clockOffsetMs),
  });
  const tokens = new CallerTokenCache(SECRET);
  const callAs = (caller: CallerContext): CallOptions => ({
    callerToken: tokens.tokenFor(caller),
    requestId: caller.requestId,
    deadlineMs: 60_000,
  });
  const grpc: GrpcClient<CampaignsServiceClient> = createGrpcClient(
    loadServiceConstructor('campaigns.v1.CampaignsService'),
    `127.0.0.1:${app.grpcPort}`,
  );
  const inboxClient: GrpcClient<InboxServiceClient> = createGrpcClient(
    loadServiceConstructor('inbox.v1.InboxService'),
    inboxAddress,
  );
  const templatesClient: GrpcClient<TemplatesServiceClient> = createGrpcClient(
    loadServiceConstructor('templates.v1.TemplatesService'),
    templatesAddress,
  );
  const simulators: Simulator[] = [];
  const workers: RunningCampaignWorker[] = [];
  let nextOrgId = 1;
  const callers = (orgId: number) => ({
    admin: testCaller(orgId, 'ADMIN', newId()),
    agent: testCaller(orgId, 'AGENT', newId()),
  });

  const orgWithChannel = async (simOptions: Partial<SimulatorOptions> = {}): Promise<OrgWithChannel> => {
    const orgId = nextOrgId++;
    const { admin, agent } = callers(orgId);
    const wabaId = `${100_000 + orgId}${randomBytes(3).readUIntBE(0, 3)}`;
    const phoneNumberId = `${200_000 + orgId}${randomBytes(3).readUIntBE(0, 3)}`;
    const accessToken = `token-${orgId}-${newId()}`;
    const sim = await startSimulator({
      appSecret: 'sim-app-secret',
      displayPhoneNumber: '15550001111',
      templateAutoApprove: false,
      ...simOptions,
      accessToken,
      phoneNumberId,
      wabaId,
    });
    simulators.push(sim);
    inbox.deps.settings.allowedApiBaseUrls.push(sim.url);
    await inboxClient.call.PutWhatsAppSettings(
      { phoneNumberId, wabaId, accessToken, apiBaseUrl: sim.url, apiVersion: 'v23.0' },
      callAs(admin),
    );
    return { orgId, wabaId, phoneNumberId, sim, admin, agent };
  };

  const seedTemplate = async (org: OrgWithChannel, seed: TemplateSeed = {}): Promise<SeededTemplate> => {
    const template = templateSeed(seed);
    const res = await fetch(`${org.sim.url}/_sim/templates/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(template),
    });
    if (res.status !== 201) throw new Error(`simulator seed: ${res.status} ${await res.text()}`);
    await templatesClient.call.SyncTemplates({}, callAs(org.admin));
    const page = await templatesClient.call.ListTemplates(
      { filter: { status: [template.status], search: template.name }, limit: 50 },
      callAs(org.admin),
    );
    const found = page.data?.find((t) => t.name === template.name && t.language === template.language);
    if (!found) throw new Error(`template ${template.name} was not synced`);
    return {
      id: found.id,
      name: found.name,
      language: found.language,
      category: found.category,
      status: found.status,
    };
  };

  return {
    deps: app.deps,
    database,
    app,
    inbox,
    templates,
    bus,
    grpc,
    templatesGrpc: templatesClient,
    callAs,
    orgWithChannel,
    orgWithoutChannel: () => {
      const orgId = nextOrgId++;
      return { orgId, ...callers(orgId) };
    },
    seedTemplate,
    startWorker: async () => {
      const worker = await startCampaignWorker(app.deps, bus);
      workers.push(worker);
      return worker;
    },
    advanceClock: (ms) => {
      clockOffsetMs += ms;
    },
    sentCounts: async (org) => (await (await fetch(`${org.sim.url}/_sim/sent/counts`)).json()) as SentCounts,
    caller: (orgId, role = 'ADMIN', userId = newId()) => testCaller(orgId, role, userId),
    recordedEvents: () => recordedEvents(database.db, DB_SCHEMA),
    close: async () => {
      for (const worker of workers) await worker.stop();
      grpc.close();
      inboxClient.close();
      templatesClient.close();
      await app.stop();
      await templates.stop();
      await inbox.stop();
      await sendRate.close();
      await Promise.all(simulators.map((s) => s.stop()));
      await bus.close();
      await database.close();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

/** The platform's openForTestFile, with room for three services and the simulator on a loaded machine. */
export const openForTestFile = <T extends { close(): Promise<void> }>(open: () => Promise<T>): T =>
  openForThisFile(open, { timeoutMs: 120_000 });
