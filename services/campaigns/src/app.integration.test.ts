import { loadServiceConstructor } from '@inbox/contracts';
import { checkHealth, createGrpcClient, createLogger, MemoryCache } from '@inbox/platform';
import { startCampaignsApp, type CampaignsApp } from './app';
import { grpcInboxPort } from './clients/inbox-client';
import { grpcTemplatesPort } from './clients/templates-client';
import { createMemorySendRate } from './sending/send-rate';
import { campaignInput, mexicanRecipients, refusalOf } from './testing/campaign-builders';
import { testPricing } from './testing/test-pricing';
import { createCampaignsTestbed, openForTestFile, TESTBED_INTERNAL_SECRET } from './testing/testbed';
import { createCampaign } from './usecases/campaigns/create-campaign';
import { getCampaign } from './usecases/campaigns/get-campaign';

// The testbed's app is the API alone; a test starts a worker-only app beside it, as `main.js worker`.
const testbed = openForTestFile(() => createCampaignsTestbed());

async function startWorkerApp(): Promise<CampaignsApp> {
  const inboxAddress = `127.0.0.1:${testbed.inbox.grpcPort}`;
  return startCampaignsApp({
    database: testbed.database,
    bus: testbed.bus,
    logger: createLogger('campaigns-worker-test', 'silent'),
    inbox: grpcInboxPort(inboxAddress, TESTBED_INTERNAL_SECRET),
    templates: grpcTemplatesPort(`127.0.0.1:${testbed.templates.grpcPort}`, TESTBED_INTERNAL_SECRET),
    internalAuthSecret: TESTBED_INTERNAL_SECRET,
    settings: { ...testbed.deps.settings, workerId: 'worker-app' },
    sendRate: createMemorySendRate(),
    cache: new MemoryCache(),
    pricing: testPricing(),
    grpcAddress: '127.0.0.1:0',
    httpPort: 0,
    schedulerIntervalMs: 1000,
    api: false,
    worker: true,
  });
}

describe('the campaigns app', () => {
  it('in worker mode answers gRPC health only, and sends the campaigns the API queued', async () => {
    const worker = await startWorkerApp();
    try {
      const address = `127.0.0.1:${worker.grpcPort}`;
      expect(await checkHealth(loadServiceConstructor('grpc.health.v1.Health'), address)).toEqual({
        serving: true,
        detail: 'SERVING',
      });
      const client = createGrpcClient(loadServiceConstructor('campaigns.v1.CampaignsService'), address);
      const org = await testbed.orgWithChannel();
      try {
        const unimplemented = await client.call.GetGlobalStats({}, testbed.callAs(org.admin)).catch((e) => e);
        expect(unimplemented.code).toBe(12); // UNIMPLEMENTED: no campaigns API on a worker
      } finally {
        client.close();
      }
      expect(worker.httpPort).toBeUndefined();

      const template = await testbed.seedTemplate(org);
      const { campaign } = await createCampaign(
        testbed.deps,
        org.admin,
        campaignInput(template.id, { recipients: mexicanRecipients(4) }),
      );
      const deadline = Date.now() + 30_000;
      let status = 'QUEUED';
      while (status !== 'COMPLETED' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await getCampaign(testbed.deps, org.admin, campaign.id)).campaign.row.status;
      }
      expect(status).toBe('COMPLETED');
      expect((await testbed.sentCounts(org)).templates[template.name]).toMatchObject({
        recipients: 4,
        duplicated: 0,
      });
    } finally {
      await worker.stop();
    }
  });

  it('takes a CreateCampaign request larger than the 8 MiB gRPC default', async () => {
    const org = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(org);
    const padding = 'x'.repeat(1000);
    const recipients = Array.from({ length: 9000 }, () => ({
      phone: 'not a phone',
      parametersJson: JSON.stringify({ body: [padding] }),
    }));
    const refusal = await refusalOf(
      testbed.grpc.call.CreateCampaign(
        { name: 'Grande', templateId: template.id, recipients, questions: [] },
        testbed.callAs(org.admin),
      ),
    );
    // Read whole, then refused for its content (not RESOURCE_EXHAUSTED for its size).
    expect(refusal).toMatchObject({ status: 400, code: 'NO_VALID_RECIPIENTS' });
  });
});
