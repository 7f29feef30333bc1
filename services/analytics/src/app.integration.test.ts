import { CAMPAIGNS_EVENTS, loadServiceConstructor, type AnalyticsServiceClient } from '@inbox/contracts';
import {
  CallerTokenCache,
  checkHealth,
  createGrpcClient,
  createLogger,
  InProcessBus,
  MemoryCache,
  newId,
  type GrpcClient,
} from '@inbox/platform';
import { openForTestFile, openTestDatabase, testCaller } from '@inbox/platform/testing';
import { startAnalyticsApp, type AnalyticsApp } from './app';
import { reportCacheOver } from './cache/report-cache';
import { analyticsEvent } from './testing/events';

const SECRET = 'analytics-app-test-secret-0123456789abcdef';

/** The app as main.ts starts it: migrations, the events consumer on a bus, gRPC. */
const running = openForTestFile(async () => {
  const database = await openTestDatabase();
  const bus = new InProcessBus(createLogger('analytics-app-test', 'silent'));
  const app: AnalyticsApp = await startAnalyticsApp({
    database,
    bus,
    logger: createLogger('analytics-app-test', 'silent'),
    cache: reportCacheOver(new MemoryCache()),
    internalAuthSecret: SECRET,
    grpcAddress: '127.0.0.1:0',
  });
  const address = `127.0.0.1:${app.grpcPort}`;
  const client: GrpcClient<AnalyticsServiceClient> = createGrpcClient(
    loadServiceConstructor('analytics.v1.AnalyticsService'),
    address,
  );
  return {
    bus,
    address,
    client,
    close: async () => {
      client.close();
      await app.stop();
      await bus.close();
      await database.close();
    },
  };
});

const tokens = new CallerTokenCache(SECRET);
const as = (orgId: number, role: 'ADMIN' | 'AGENT') => {
  const caller = testCaller(orgId, role, newId());
  return { callerToken: tokens.tokenFor(caller), requestId: caller.requestId };
};
const RANGE = { from: '2025-06-01T00:00:00Z', to: '2025-06-08T00:00:00Z', timezone: 'UTC', force: true };

const campaignCreated = (orgId: number, name: string) =>
  analyticsEvent(CAMPAIGNS_EVENTS.campaignCreated, orgId, '2025-06-03T12:00:00Z', {
    campaignId: newId(),
    name,
    templateId: newId(),
    templateName: 'spring_sale',
    templateCategory: 'MARKETING',
    kind: 'STANDARD',
    status: 'QUEUED',
    recipients: 3,
    scheduledAt: null,
    estimatedCost: 0.25,
    currency: 'USD',
    actorId: null,
  });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the analytics app', () => {
  it('answers gRPC health once migrated and subscribed', async () => {
    expect(await checkHealth(loadServiceConstructor('grpc.health.v1.Health'), running.address)).toEqual({
      serving: true,
      detail: 'SERVING',
    });
  });

  it('builds its read models from the bus and answers reports over gRPC, per organization', async () => {
    await running.bus.publish([{ envelope: campaignCreated(11, 'Summer sale') }]);
    const names = async (orgId: number) => {
      const { json } = await running.client.call.GetCampaigns(RANGE, as(orgId, 'ADMIN'));
      return (JSON.parse(json) as { campaigns: { name: string }[] }).campaigns.map((c) => c.name);
    };
    expect(
      await until(
        () => names(11),
        (n) => n.length > 0,
      ),
    ).toEqual(['Summer sale']);
    expect(await names(12)).toEqual([]);
  });

  it('refuses an Agent (PERMISSION_DENIED) and bad parameters (INVALID_ARGUMENT)', async () => {
    const agent = await running.client.call
      .GetOverview(RANGE, as(11, 'AGENT'))
      .catch((e: { code: number }) => e);
    expect((agent as { code: number }).code).toBe(7);
    const bad = await running.client.call
      .GetBot({ ...RANGE, timezone: 'EST' }, as(11, 'ADMIN'))
      .catch((e: { code: number }) => e);
    expect((bad as { code: number }).code).toBe(3);
  });
});
