import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadServiceConstructor, type InboxServiceClient } from '@inbox/contracts';
import {
  CallerTokenCache,
  createGrpcClient,
  createLogger,
  InProcessBus,
  serviceCaller,
  type Database,
} from '@inbox/platform';
import { openForTestFile, openTestDatabase } from '@inbox/platform/testing';
import { startInboxApp, type InboxAppOptions } from '../../app';
import { ChannelRegistry } from '../../channel/channel-registry';
import { SecretBox } from '../../channel/secret-box';
import { channelsRepository } from '../../db/repositories/channels.repository';
import { createInboxTestbed } from '../../testing/testbed';
import { ensureChannel } from './ensure-channel';
import { resealChannelTokens } from './reseal-channel-tokens';

/** INBOX_ENCRYPTION_KEY rotated: tokens sealed with the old key open, and are sealed again with the new one. */

const oldKey = randomBytes(32);
const newKey = randomBytes(32);
const channel = (orgId: number) => ({
  phoneNumberId: `pn-reseal-${orgId}`,
  wabaId: `waba-reseal-${orgId}`,
  accessToken: `EAAG-token-${orgId}`,
  apiBaseUrl: 'http://127.0.0.1:9',
  apiVersion: 'v23.0',
});

describe('resealChannelTokens', () => {
  const tb = openForTestFile(createInboxTestbed);
  const registry = (box: SecretBox) => new ChannelRegistry(tb.deps.db, box);
  const sealedOf = async (orgId: number) =>
    (await channelsRepository.find(tb.deps.db, orgId))!.accessTokenEncrypted!;

  it('seals again with the current key what the old key sealed, so the old key can be dropped', async () => {
    const before = registry(new SecretBox(oldKey));
    for (const orgId of [9301, 9302])
      await ensureChannel({ ...tb.deps, channels: before }, orgId, channel(orgId));
    const ring = registry(new SecretBox(newKey, [oldKey]));
    // Meanwhile the ring opens them as they are.
    expect(ring.openToken(await sealedOf(9301))).toBe('EAAG-token-9301');

    expect(await resealChannelTokens({ db: tb.deps.db, channels: ring })).toEqual({
      resealed: 2,
      left: 0,
      unreadable: [],
      stopped: false,
    });
    const after = registry(new SecretBox(newKey));
    expect(after.openToken(await sealedOf(9301))).toBe('EAAG-token-9301');
    expect(after.openToken(await sealedOf(9302))).toBe('EAAG-token-9302');
    // Done once: a second pass finds nothing left to seal again.
    expect(await resealChannelTokens({ db: tb.deps.db, channels: ring })).toMatchObject({ resealed: 0 });
  });

  it('stops between tokens when the inbox stops, and the next pass goes on', async () => {
    const before = registry(new SecretBox(oldKey));
    for (const orgId of [9304, 9305])
      await ensureChannel({ ...tb.deps, channels: before }, orgId, channel(orgId));
    const ring = registry(new SecretBox(newKey, [oldKey]));
    // The inbox stops once one token (of the earlier tests' or these) was sealed again.
    let sealedAgain = 0;
    const counting = Object.assign(Object.create(ring) as ChannelRegistry, {
      resealToken: (sealed: string) => {
        const resealed = ring.resealToken(sealed);
        if (resealed !== undefined) sealedAgain++;
        return resealed;
      },
    });
    const report = await resealChannelTokens({ db: tb.deps.db, channels: counting }, () => sealedAgain > 0);
    expect(report).toMatchObject({ resealed: 1, stopped: true });
    expect(await resealChannelTokens({ db: tb.deps.db, channels: ring })).toMatchObject({
      resealed: 1,
      stopped: false,
    });
    const after = registry(new SecretBox(newKey));
    for (const orgId of [9304, 9305])
      expect(after.openToken(await sealedOf(orgId))).toBe(`EAAG-token-${orgId}`);
  });

  it('names the organizations whose token no configured key opens, and leaves them as they are', async () => {
    const lost = registry(new SecretBox(randomBytes(32)));
    await ensureChannel({ ...tb.deps, channels: lost }, 9303, channel(9303));
    const sealed = await sealedOf(9303);
    const report = await resealChannelTokens({
      db: tb.deps.db,
      channels: registry(new SecretBox(newKey, [oldKey])),
    });
    expect(report.unreadable).toEqual([9303]);
    expect(await sealedOf(9303)).toBe(sealed);
  });
});

describe('an inbox started with INBOX_PREVIOUS_ENCRYPTION_KEYS and INTERNAL_AUTH_SECRET_PREVIOUS', () => {
  const OLD_SECRET = 'reseal-test-internal-secret-old-0123456789';
  const NEW_SECRET = 'reseal-test-internal-secret-new-0123456789';
  const logger = createLogger('inbox-test', 'silent');
  let database: Database;
  let mediaDir: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-reseal-'));
  }, 120_000);
  afterAll(async () => {
    await database.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  const start = (options: Partial<InboxAppOptions>) =>
    startInboxApp({
      database,
      bus: new InProcessBus(logger),
      logger,
      directory: {
        isActiveUser: async () => true,
        tagExists: async () => false,
        routingTeam: async () => null,
        close: () => undefined,
      },
      internalAuthSecret: NEW_SECRET,
      encryptionKey: newKey.toString('hex'),
      mediaDir,
      settings: {
        defaultApiBaseUrl: 'http://127.0.0.1:9',
        defaultApiVersion: 'v23.0',
        allowedApiBaseUrls: [],
      },
      grpcAddress: '127.0.0.1:0',
      httpPort: 0,
      httpHost: '127.0.0.1',
      ...options,
    });

  /** GetChannelAccess over gRPC, signed as a service that still has `secret`. */
  async function channelAccess(grpcPort: number, secret: string) {
    const client = createGrpcClient<InboxServiceClient>(
      loadServiceConstructor('inbox.v1.InboxService'),
      `127.0.0.1:${grpcPort}`,
    );
    const caller = serviceCaller('templates', 0, 'r1');
    try {
      return await client.call.GetChannelAccess(
        { wabaId: channel(9311).wabaId },
        { callerToken: new CallerTokenCache(secret).tokenFor(caller), requestId: 'r1' },
      );
    } finally {
      client.close();
    }
  }

  it('seals the stored tokens again at start, accepts callers of either secret, and works without the old key after', async () => {
    // Before the rotation: the old key seals the bootstrap channel.
    const before = await start({
      internalAuthSecret: OLD_SECRET,
      encryptionKey: oldKey.toString('hex'),
      bootstrapChannel: { orgId: 9311, ...channel(9311) },
    });
    await before.stop();

    const during = await start({
      previousEncryptionKeys: [oldKey.toString('base64')],
      previousInternalAuthSecret: OLD_SECRET,
    });
    try {
      await during.channelTokensResealed;
      for (const secret of [OLD_SECRET, NEW_SECRET])
        await expect(channelAccess(during.grpcPort, secret)).resolves.toMatchObject({
          accessToken: 'EAAG-token-9311',
        });
    } finally {
      await during.stop();
    }

    // The old key and the old secret dropped: the token was sealed again with the new key.
    const after = await start({});
    try {
      await expect(channelAccess(after.grpcPort, NEW_SECRET)).resolves.toMatchObject({
        accessToken: 'EAAG-token-9311',
      });
      await expect(channelAccess(after.grpcPort, OLD_SECRET)).rejects.toMatchObject({ code: 16 });
    } finally {
      await after.stop();
    }
  });
});
