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
import { channelsRepository } from '../db/repositories/channels.repository';
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
    directory: {
      isActiveUser: async () => true,
      tagExists: async () => false,
      routingTeam: async () => null,
      close: () => undefined,
    },
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
  // Two more configured channels, and one without a token (not configured: never listed).
  for (const orgId of [42, 43])
    await ensureChannel(app.deps, orgId, {
      phoneNumberId: `1000000000000${orgId}`,
      wabaId: `2000000000000${orgId}`,
      accessToken: `EAAG-secret-${orgId}`,
      apiBaseUrl: 'http://127.0.0.1:9',
      apiVersion: 'v23.0',
    });
  await channelsRepository.insertIfAbsent(app.deps.db, {
    orgId: 44,
    phoneNumberId: '100000000000044',
    wabaId: '200000000000044',
    apiBaseUrl: 'http://127.0.0.1:9',
    apiVersion: 'v23.0',
    accessTokenEncrypted: null,
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

describe('ListChannels', () => {
  const list = (caller: CallerContext, req: { cursor?: string; limit?: number } = {}) =>
    client.call.ListChannels(req, { callerToken: tokens.tokenFor(caller), requestId: caller.requestId });

  it('pages a service through every configured channel by organization, with no secrets', async () => {
    const service = serviceCaller('templates', 0, 'r1');
    const first = await list(service, { limit: 2 });
    expect(first.data).toEqual([
      { orgId: 41, wabaId: '200000000000041' },
      { orgId: 42, wabaId: '200000000000042' },
    ]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(service, { limit: 2, cursor: first.nextCursor! });
    // 44 has no token: not a configured channel.
    expect(second.data).toEqual([{ orgId: 43, wabaId: '200000000000043' }]);
    expect(second.nextCursor ?? null).toBeNull();
    expect((await list(service)).data.map((c) => c.orgId)).toEqual([41, 42, 43]);
  });

  it("gives a service acting for one organization that organization's channel only", async () => {
    const page = await list(serviceCaller('templates', 42, 'r1'));
    expect(page.data).toEqual([{ orgId: 42, wabaId: '200000000000042' }]);
  });

  it('refuses a forged cursor and an out-of-range limit with INVALID_ARGUMENT', async () => {
    const service = serviceCaller('templates', 0, 'r1');
    await expect(list(service, { cursor: 'bm90LWEtY3Vyc29y' })).rejects.toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
    await expect(list(service, { limit: 101 })).rejects.toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
  });

  it('refuses an Admin, an API key and the platform operator with PERMISSION_DENIED', async () => {
    const admin = testCaller(41, 'ADMIN', 'user-1');
    const callers: CallerContext[] = [
      admin,
      { ...admin, kind: 'API_KEY', principalId: 'key-1' },
      { orgId: 0, kind: 'PLATFORM', principalId: 'platform', role: null, userId: null, requestId: 'r1' },
    ];
    for (const caller of callers)
      await expect(list(caller)).rejects.toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
  });
});
