import { serviceCaller } from '@inbox/platform';
import { channelsRepository } from '../../db/repositories/channels.repository';
import { messagingFixture } from '../../testing/messaging-fixture';
import type { InboxTestbed } from '../../testing/testbed';
import { getChannelAccess } from './get-channel-access';
import { getWhatsAppSettings, putWhatsAppSettings } from './whatsapp-settings';

const messaging = messagingFixture({ firstOrgId: 9101 });
const { orgWithSimulator } = messaging;
let testbed: InboxTestbed;
beforeAll(async () => {
  testbed = await messaging.start();
});
afterAll(() => messaging.stop());

/** An organization with its channel, whose simulator the deployment allows as a Graph address. */
async function org() {
  const made = await orgWithSimulator();
  testbed.deps.settings.allowedApiBaseUrls.push(made.sim.url);
  const channel = (await channelsRepository.find(testbed.deps.db, made.orgId))!;
  return { ...made, channel, admin: testbed.caller(made.orgId, 'ADMIN') };
}

describe('channel access for services', () => {
  it("answers the calling service's organization's channel, token in clear", async () => {
    const { orgId, channel } = await org();
    const access = await getChannelAccess(testbed.deps, serviceCaller('templates', orgId, 'r1'), {});
    expect(access).toEqual({
      orgId,
      phoneNumberId: channel.phoneNumberId,
      wabaId: `waba-${orgId}`,
      accessToken: `token-${orgId}`,
      apiBaseUrl: channel.apiBaseUrl,
      apiVersion: 'v23.0',
      displayPhoneNumber: null,
    });
  });

  it('finds the organization of a WABA for a service acting for none (account-level webhooks)', async () => {
    const { orgId } = await org();
    const access = await getChannelAccess(testbed.deps, serviceCaller('templates', 0, 'r1'), {
      wabaId: `waba-${orgId}`,
    });
    expect(access).toMatchObject({ orgId, accessToken: `token-${orgId}` });
    await expect(
      getChannelAccess(testbed.deps, serviceCaller('templates', 0, 'r1'), { wabaId: 'waba-nobody' }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    await expect(
      getChannelAccess(testbed.deps, serviceCaller('templates', 0, 'r1'), {}),
    ).rejects.toMatchObject({ kind: 'invalid', fields: [{ path: 'wabaId' }] });
  });

  it("never gives a service acting for one organization another's channel", async () => {
    const a = await org();
    const b = await org();
    await expect(
      getChannelAccess(testbed.deps, serviceCaller('templates', b.orgId, 'r1'), {
        wabaId: `waba-${a.orgId}`,
      }),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('refuses users and API keys, Admins included', async () => {
    const { orgId } = await org();
    const admin = testbed.caller(orgId, 'ADMIN');
    for (const caller of [
      admin,
      { ...admin, kind: 'API_KEY' as const },
      { ...admin, kind: 'PLATFORM' as const },
    ])
      await expect(getChannelAccess(testbed.deps, caller, {})).rejects.toMatchObject({
        kind: 'forbidden',
      });
  });
});

describe('a WABA belongs to one organization', () => {
  // The simulator lets any token of it manage any numeric WABA id (a test can play several businesses).
  const put = (who: Awaited<ReturnType<typeof org>>, wabaId: string, extra = {}) =>
    putWhatsAppSettings(testbed.deps, who.admin, {
      phoneNumberId: who.channel.phoneNumberId,
      wabaId,
      ...extra,
    });

  it("refuses another organization's WABA with 409 WABA_TAKEN and leaves the channel as it was", async () => {
    const a = await org();
    const b = await org();
    await put(a, `30000000${a.orgId}`);
    const claim = put(b, `30000000${a.orgId}`, { accessToken: `token-${b.orgId}` });
    await expect(claim).rejects.toMatchObject({ kind: 'conflict', code: 'WABA_TAKEN' });
    expect((await getWhatsAppSettings(testbed.deps, b.admin)).wabaId).toBe(`waba-${b.orgId}`);

    // A WABA of its own is fine.
    expect((await put(b, `30000000${b.orgId}`)).wabaId).toBe(`30000000${b.orgId}`);
  });

  it('refuses a WABA that WhatsApp does not let the token manage, even without a new token', async () => {
    const b = await org();
    await expect(put(b, 'not-a-waba-of-this-token')).rejects.toMatchObject({
      kind: 'invalid',
      code: 'CHANNEL_VERIFICATION_FAILED',
      fields: [{ path: 'wabaId' }],
    });
    expect((await getWhatsAppSettings(testbed.deps, b.admin)).wabaId).toBe(`waba-${b.orgId}`);
  });

  it("still answers PHONE_NUMBER_TAKEN for another organization's number under a WABA of its own", async () => {
    const a = await org();
    const b = await org();
    const claim = put(b, `31000000${b.orgId}`, {
      phoneNumberId: a.channel.phoneNumberId,
      apiBaseUrl: a.channel.apiBaseUrl,
      accessToken: `token-${a.orgId}`,
    });
    await expect(claim).rejects.toMatchObject({ kind: 'conflict', code: 'PHONE_NUMBER_TAKEN' });
  });
});
