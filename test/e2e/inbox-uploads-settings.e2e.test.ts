import { sql } from 'drizzle-orm';
import { queryRows } from '@inbox/platform';
import { eventually } from '../support/http';
import { systemForTestFile } from '../support/suite';
import { makeOrganization, makeUser } from '../support/world';

const t = systemForTestFile();

const upload = (
  path: string,
  token: string,
  file: { bytes: Buffer; type: string; name: string },
  fields: Record<string, string> = {},
) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  return fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
};

async function openConversation(waId: string): Promise<string> {
  await t.sim.inbound({ from: waId, type: 'text', text: 'hola' });
  let id = '';
  await eventually(async () => {
    const list = await t.api.get(`/conversations?search=${waId}`, { token: t.admin });
    id = list.body.data[0]?.id;
    expect(id).toBeDefined();
  });
  return id;
}

describe('media sent through the gateway', () => {
  it('streams a multipart upload to the inbox, uploads it to the platform and sends it', async () => {
    const waId = '5215512349001';
    const id = await openConversation(waId);
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(2048, 7)]);
    const res = await upload(
      `/conversations/${id}/messages/media`,
      t.admin,
      { bytes: png, type: 'image/png', name: 'catalogo.png' },
      { caption: 'Nuestro catálogo' },
    );
    expect(res.status).toBe(201);
    const message = (await res.json()) as any;
    expect(message).toMatchObject({
      type: 'image',
      direction: 'outbound',
      status: 'SENT',
      error: null,
      content: null,
    });
    // The REST shape, made by the gateway from the inbox's proto-shaped answer, as for any message.
    expect(message.media).toEqual({
      mimeType: 'image/png',
      size: png.length,
      filename: 'catalogo.png',
      caption: 'Nuestro catálogo',
      status: 'READY',
      error: null,
    });
    expect(message).not.toHaveProperty('contentJson');
    const sent = (await t.sim.sent(waId)).at(-1)!;
    expect(sent.type).toBe('image');
    expect(JSON.stringify(sent.body)).toContain('Nuestro catálogo');
    // The agent can fetch what was sent.
    const file = await fetch(`${t.baseUrl}/messages/${message.id}/media`, {
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
  });

  it('refuses a type WhatsApp does not take (415) and a file over its limit (413), storing nothing', async () => {
    const waId = '5215512349002';
    const id = await openConversation(waId);
    const before = (await t.sim.sent(waId)).length;
    const exe = await upload(`/conversations/${id}/messages/media`, t.admin, {
      bytes: Buffer.from('MZ'),
      type: 'application/x-msdownload',
      name: 'virus.exe',
    });
    expect(exe.status).toBe(415);
    expect(((await exe.json()) as any).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = await upload(`/conversations/${id}/messages/media`, t.admin, {
      bytes: Buffer.alloc(5 * 1024 * 1024 + 10, 1),
      type: 'image/jpeg',
      name: 'huge.jpg',
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as any).code).toBe('PAYLOAD_TOO_LARGE');
    expect((await t.sim.sent(waId)).length).toBe(before);
    expect((await t.api.get(`/conversations/${id}/messages`, { token: t.admin })).body.data).toHaveLength(1);
  });

  it('needs credentials and hides other organizations’ conversations', async () => {
    const id = await openConversation('5215512349003');
    const file = { bytes: Buffer.from('%PDF-1.4'), type: 'application/pdf', name: 'a.pdf' };
    const anonymous = await fetch(`${t.baseUrl}/conversations/${id}/messages/media`, {
      method: 'POST',
      body: new FormData(),
    });
    expect(anonymous.status).toBe(401);
    const other = await makeOrganization(t, 11);
    expect((await upload(`/conversations/${id}/messages/media`, other.token, file)).status).toBe(404);
  });
});

describe('quick replies through the gateway', () => {
  it('are managed by Admins, used by agents, with media', async () => {
    const agent = await makeUser(t, t.admin, { email: 'qr-agent@example.com' });
    const created = await t.api.post(
      '/quick-replies',
      { shortcut: '/saludo', label: 'Saludo', text: '¡Hola! ¿En qué te ayudo?' },
      { token: t.admin },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ shortcut: 'saludo', active: true, media: null });
    expect(
      (await t.api.post('/quick-replies', { shortcut: 'SALUDO', label: 'x', text: 'y' }, { token: t.admin }))
        .body.code,
    ).toBe('SHORTCUT_TAKEN');
    expect(
      (await t.api.post('/quick-replies', { shortcut: 'x', label: 'x', text: 'y' }, { token: agent.token }))
        .status,
    ).toBe(403);

    const pdf = Buffer.from('%PDF-1.4 lista de precios');
    const attached = await upload(`/quick-replies/${created.body.id}/media`, t.admin, {
      bytes: pdf,
      type: 'application/pdf',
      name: 'precios.pdf',
    });
    expect(attached.status).toBe(200);
    expect(((await attached.json()) as any).media).toEqual({
      mimeType: 'application/pdf',
      size: pdf.length,
      filename: 'precios.pdf',
    });
    const served = await fetch(`${t.baseUrl}/quick-replies/${created.body.id}/media`, {
      headers: { authorization: `Bearer ${agent.token}` },
    });
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);

    expect(
      (await t.api.patch(`/quick-replies/${created.body.id}`, { active: false }, { token: t.admin })).status,
    ).toBe(200);
    expect((await t.api.get('/quick-replies', { token: agent.token })).body.data).toEqual([]);
    expect((await t.api.get('/quick-replies/all', { token: t.admin })).body.data).toHaveLength(1);
    const bulk = await t.api.post(
      '/quick-replies/bulk',
      { action: 'delete', selection: { mode: 'ids', ids: [created.body.id, 'nope'] } },
      { token: t.admin },
    );
    expect(bulk.body).toMatchObject({
      succeeded: [created.body.id],
      failed: [{ id: 'nope', code: 'NOT_FOUND' }],
    });
  });
});

describe('the WhatsApp channel settings', () => {
  const simToken = () => t.system.whatsapp.channel.accessToken;
  const channelRows = (orgId: number) =>
    queryRows<Record<string, unknown>>(
      t.system.inbox.deps.db,
      sql`select * from inbox.channels where org_id = ${orgId}`,
    );

  it('are Admin-only, and never return or store the access token in clear', async () => {
    const agent = await makeUser(t, t.admin, { email: 'settings-agent@example.com' });
    expect((await t.api.get('/settings/whatsapp', { token: agent.token })).status).toBe(403);
    const current = await t.api.get('/settings/whatsapp', { token: t.admin });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({
      phoneNumberId: '100000000000001',
      accessTokenSet: true,
      botEnabled: false,
    });
    expect(JSON.stringify(current.body)).not.toContain(simToken());

    // Re-entering the token is verified with WhatsApp and stored sealed.
    const put = await t.api.put(
      '/settings/whatsapp',
      {
        phoneNumberId: '100000000000001',
        wabaId: '200000000000001',
        accessToken: simToken(),
        botEnabled: true,
      },
      { token: t.admin },
    );
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ accessTokenSet: true, botEnabled: true });
    expect(JSON.stringify(put.body)).not.toContain(simToken());
    expect(JSON.stringify(await channelRows(1))).not.toContain(simToken());
    // A change that keeps the number and token needs no new proof.
    expect(
      (
        await t.api.put(
          '/settings/whatsapp',
          { phoneNumberId: '100000000000001', wabaId: '200000000000001', botEnabled: false },
          { token: t.admin },
        )
      ).body.botEnabled,
    ).toBe(false);
  });

  it('let an organization claim only a number its token may use', async () => {
    const other = await makeOrganization(t, 12);
    const claim = (body: Record<string, unknown>) =>
      t.api.put('/settings/whatsapp', { wabaId: '200000000000012', ...body }, { token: other.token });

    const unknown = await claim({ phoneNumberId: '100000000000012', accessToken: 'EAAG-made-up-token' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('CHANNEL_VERIFICATION_FAILED');
    const wrongToken = await claim({ phoneNumberId: '100000000000001', accessToken: 'EAAG-made-up-token' });
    expect(wrongToken.status).toBe(400);
    expect(wrongToken.body.errors[0].path).toBe('accessToken');
    // Even with the right token, a number belongs to one organization.
    const taken = await claim({ phoneNumberId: '100000000000001', accessToken: simToken() });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('PHONE_NUMBER_TAKEN');
    // The channel cannot point the service at an arbitrary address (it would fetch from it).
    const internal = await claim({
      phoneNumberId: '100000000000012',
      accessToken: 'EAAG-made-up-token',
      apiBaseUrl: 'http://169.254.169.254',
    });
    expect(internal.status).toBe(400);
    expect(internal.body.errors[0].path).toBe('apiBaseUrl');
    expect((await claim({ phoneNumberId: 'abc' })).status).toBe(400);
    expect(await channelRows(12)).toEqual([]);
  });

  it('route webhooks of a number to its organization only', async () => {
    const other = await makeOrganization(t, 13);
    await t.sim.inbound({ from: '5215512349013', type: 'text', text: 'para la org 1' });
    await eventually(async () =>
      expect(
        (await t.api.get('/conversations?search=5215512349013', { token: t.admin })).body.data,
      ).toHaveLength(1),
    );
    expect((await t.api.get('/conversations', { token: other.token })).body.data).toEqual([]);
  });
});
