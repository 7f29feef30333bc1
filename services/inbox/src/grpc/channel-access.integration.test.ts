import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { loadServiceConstructor, type InboxServiceClient } from '@inbox/contracts';
import {
  CallerTokenCache,
  createGrpcClient,
  createLogger,
  InProcessBus,
  serviceCaller,
  type CallerContext,
  type GrpcClient,
} from '@inbox/platform';
import { openTestDatabase, testCaller } from '@inbox/platform/testing';
import { startInboxApp, type InboxApp } from '../app';
import { ensureChannel } from '../usecases/settings/ensure-channel';

/** GetChannelAccess over gRPC, as another service calls it: the caller's kind comes from the signed context. */

const SECRET = 'channel-access-test-internal-secret-0123456789';
let app: InboxApp;
let client: GrpcClient<InboxServiceClient>;
let close: () => Promise<void>;
const tokens = new CallerTokenCache(SECRET);

beforeAll(async () => {
  const logger = createLogger('inbox-test', 'silent');
  const database = await openTestDatabase();
  const bus = new InProcessBus(logger);
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-access-'));
  app = await startInboxApp({
    database,
    bus,
    logger,
    directory: { isActiveUser: async () => true, tagExists: async () => false, close: () => undefined },
    internalAuthSecret: SECRET,
    encryptionKey: randomBytes(32).toString('hex'),
    mediaDir,
    settings: { defaultApiBaseUrl: 'http://127.0.0.1:9', defaultApiVersion: 'v23.0', allowedApiBaseUrls: [] },
    grpcAddress: '127.0.0.1:0',
    httpPort: 0,
    httpHost: '127.0.0.1',
  });
  await ensureChannel(app.deps, 41, {
    phoneNumberId: '100000000000041',
    wabaId: '200000000000041',
    accessToken: 'EAAG-secret-41',
    apiBaseUrl: 'http://127.0.0.1:9',
    apiVersion: 'v23.0',
  });
  client = createGrpcClient(loadServiceConstructor('inbox.v1.InboxService'), `127.0.0.1:${app.grpcPort}`);
  close = async () => {
    client.close();
    await app.stop();
    await bus.close();
    await database.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  };
}, 120_000);
afterAll(() => close?.());

const access = (caller: CallerContext, wabaId?: string) =>
  client.call.GetChannelAccess(wabaId ? { wabaId } : {}, {
    callerToken: tokens.tokenFor(caller),
    requestId: caller.requestId,
  });

it('answers a service the channel of a WABA, token in clear', async () => {
  await expect(access(serviceCaller('templates', 0, 'r1'), '200000000000041')).resolves.toMatchObject({
    orgId: 41,
    phoneNumberId: '100000000000041',
    accessToken: 'EAAG-secret-41',
  });
});

it('refuses an Admin, an API key and the platform operator with PERMISSION_DENIED', async () => {
  const admin = testCaller(41, 'ADMIN', 'user-1');
  const callers: CallerContext[] = [
    admin,
    { ...admin, kind: 'API_KEY', principalId: 'key-1' },
    { orgId: 0, kind: 'PLATFORM', principalId: 'platform', role: null, userId: null, requestId: 'r1' },
  ];
  for (const caller of callers)
    await expect(access(caller, '200000000000041')).rejects.toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
    });
});
