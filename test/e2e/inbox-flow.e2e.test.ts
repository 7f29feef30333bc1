import { eventually } from '../support/http';
import { systemForTestFile } from '../support/suite';
import { makeOrganization, makeUser } from '../support/world';

const t = systemForTestFile();

const conversationOf = async (waId: string, token = t.admin) => {
  const list = await t.api.get(`/conversations?search=${waId}`, { token });
  return list.body.data?.find(
    (c: { waId: string; status: string }) => c.waId === waId && c.status !== 'CLOSED',
  );
};

const messagesOf = async (conversationId: string, token = t.admin) =>
  (await t.api.get(`/conversations/${conversationId}/messages`, { token })).body.data;

describe('a customer writes, an agent answers', () => {
  it('goes from the first WhatsApp message to a read reply', async () => {
    const agent = await makeUser(t, t.admin, { email: 'flow-agent@example.com', name: 'Flow Agent' });
    const waId = '5215512340001';
    const first = await t.sim.inbound({
      from: waId,
      name: 'Ana López',
      type: 'text',
      text: 'Hola, ¿tienen envío a Monterrey?',
    });
    expect(first.delivery).toMatchObject({ status: 'delivered', httpStatus: 200 });

    await eventually(async () => expect(await conversationOf(waId)).toBeDefined());
    const conversation = await conversationOf(waId);
    expect(conversation).toMatchObject({
      status: 'OPEN',
      unreadCount: 1,
      contact: { waId, name: 'Ana López' },
      origin: 'CUSTOMER',
    });
    expect(Date.parse(conversation.windowExpiresAt)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect((await messagesOf(conversation.id))[0]).toMatchObject({
      direction: 'inbound',
      sender: 'customer',
      text: 'Hola, ¿tienen envío a Monterrey?',
      providerMessageId: first.wamid,
    });

    const taken = await t.api.post(`/conversations/${conversation.id}/takeover`, undefined, {
      token: agent.token,
    });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ status: 'HUMAN_HANDLING', assignedTo: agent.id });

    const reply = await t.api.post(
      `/conversations/${conversation.id}/messages`,
      { type: 'text', text: 'Sí, enviamos a todo México 🚚' },
      { token: agent.token },
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      direction: 'outbound',
      sender: 'agent',
      senderUserId: agent.id,
      status: 'SENT',
    });

    const sent = await t.sim.sent(waId);
    const request = sent.at(-1);
    expect(JSON.stringify(request)).toContain('Sí, enviamos a todo México');
    expect(JSON.stringify(request)).toContain(reply.body.providerMessageId);

    await eventually(async () => {
      const outbound = (await messagesOf(conversation.id)).find(
        (m: { id: string }) => m.id === reply.body.id,
      );
      expect(outbound.status).toBe('READ');
    });
    expect((await t.api.get(`/conversations/${conversation.id}`, { token: agent.token })).body.status).toBe(
      'WAITING_FOR_CUSTOMER',
    );

    await t.sim.inbound({ from: waId, type: 'text', text: 'Perfecto, gracias' });
    await eventually(async () =>
      expect((await t.api.get(`/conversations/${conversation.id}`, { token: agent.token })).body.status).toBe(
        'HUMAN_HANDLING',
      ),
    );
  });

  it('stores a webhook delivered twice once', async () => {
    const waId = '5215512340002';
    const first = await t.sim.inbound({ from: waId, type: 'text', text: 'once' });
    await t.sim.inbound({ from: waId, type: 'text', text: 'once', id: first.wamid });
    await t.sim.inbound({ from: waId, type: 'text', text: 'marker' });
    await eventually(async () => {
      const c = await conversationOf(waId);
      expect((await messagesOf(c.id)).map((m: { text: string }) => m.text)).toEqual(['marker', 'once']);
    });
    expect((await conversationOf(waId)).unreadCount).toBe(2);
  });

  it('refuses a webhook with a bad signature and stores nothing', async () => {
    const payload = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '200000000000001',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550100001', phone_number_id: '100000000000001' },
                contacts: [{ profile: { name: 'Forged' }, wa_id: '5215512340003' }],
                messages: [
                  {
                    from: '5215512340003',
                    id: 'wamid.FORGED',
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: 'text',
                    text: { body: 'forged' },
                  },
                ],
              },
            },
          ],
        },
      ],
    };
    const res = await t.sim.deliverRaw(payload, true);
    expect(JSON.stringify(res.body)).toContain('401');
    const direct = await fetch(`${t.baseUrl}/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
      body: JSON.stringify(payload),
    });
    expect(direct.status).toBe(401);
    await new Promise((r) => setTimeout(r, 300));
    expect(await conversationOf('5215512340003')).toBeUndefined();
  });

  it('downloads inbound media and serves it to agents', async () => {
    const waId = '5215512340004';
    const bytes = Buffer.from('%PDF-1.4 a small invoice');
    await t.sim.inbound({
      from: waId,
      type: 'document',
      media: {
        mimeType: 'application/pdf',
        filename: 'factura.pdf',
        caption: 'mi factura',
        dataBase64: bytes.toString('base64'),
      },
    });
    await eventually(async () => {
      const c = await conversationOf(waId);
      const [message] = await messagesOf(c.id);
      expect(message.media).toMatchObject({
        status: 'READY',
        mimeType: 'application/pdf',
        filename: 'factura.pdf',
        size: bytes.length,
      });
    }, 10_000);
    const [message] = await messagesOf((await conversationOf(waId)).id);
    const file = await fetch(`${t.baseUrl}/messages/${message.id}/media`, {
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await fetch(`${t.baseUrl}/messages/${message.id}/media`)).status).toBe(401);
  });

  it('refuses text outside the 24-hour window, with nothing sent', async () => {
    const waId = '5215512340005';
    await t.sim.inbound({
      from: waId,
      type: 'text',
      text: 'old message',
      timestamp: Math.floor(Date.now() / 1000) - 2 * 86_400,
    });
    await eventually(async () => expect(await conversationOf(waId)).toBeDefined());
    const conversation = await conversationOf(waId);
    const before = (await t.sim.sent(waId)).length;
    const res = await t.api.post(
      `/conversations/${conversation.id}/messages`,
      { type: 'text', text: 'too late' },
      { token: t.admin },
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('WINDOW_CLOSED');
    expect((await t.sim.sent(waId)).length).toBe(before);
    expect((await messagesOf(conversation.id)).length).toBe(1);
  });

  it('keeps organizations apart on every inbox endpoint', async () => {
    const waId = '5215512340006';
    await t.sim.inbound({ from: waId, type: 'text', text: 'private' });
    await eventually(async () => expect(await conversationOf(waId)).toBeDefined());
    const mine = await conversationOf(waId);
    const [message] = await messagesOf(mine.id);
    const other = await makeOrganization(t, 7);
    const theirUser = other.adminUserId;
    const quickReply = (
      await t.api.post(
        '/quick-replies',
        { shortcut: 'privado', label: 'P', text: 'texto' },
        { token: t.admin },
      )
    ).body;
    const tag = (await t.api.post('/tags', { name: 'Privado', color: 'red' }, { token: t.admin })).body;
    for (const [method, path, body] of [
      ['PATCH', `/conversations/${mine.id}`, { category: 'x' }],
      ['POST', `/conversations/${mine.id}/assign`, { userId: theirUser }],
      ['POST', `/conversations/${mine.id}/unassign`],
      ['POST', `/conversations/${mine.id}/return-to-bot`, {}],
      ['GET', `/conversations/${mine.id}/reopen-status`],
      ['POST', `/conversations/${mine.id}/reopen`],
      ['POST', `/conversations/${mine.id}/follow-up`, { note: 'x' }],
      ['DELETE', `/conversations/${mine.id}/follow-up`],
      ['GET', `/conversations/${mine.id}/contact-history`],
      ['POST', `/conversations/${mine.id}/tags`, { tagId: tag.id }],
      ['DELETE', `/conversations/${mine.id}/tags/${tag.id}`],
      ['POST', `/messages/${message.id}/react`, { emoji: '👍' }],
      ['POST', `/messages/${message.id}/retry-media`],
      ['PATCH', `/quick-replies/${quickReply.id}`, { label: 'mine now' }],
      ['DELETE', `/quick-replies/${quickReply.id}`],
      ['DELETE', `/quick-replies/${quickReply.id}/media`],
      ['GET', `/conversations/${mine.id}`],
      ['GET', `/conversations/${mine.id}/messages`],
      ['POST', `/conversations/${mine.id}/messages`, { type: 'text', text: 'x' }],
      ['POST', `/conversations/${mine.id}/takeover`],
      ['POST', `/conversations/${mine.id}/resolve`],
      ['POST', `/conversations/${mine.id}/read`],
      ['GET', `/conversations/${mine.id}/timeline`],
      ['POST', `/messages/${message.id}/toggle-hide`],
      ['GET', `/messages/${message.id}/media`],
      ['GET', `/contacts/${waId}`],
      ['PATCH', `/contacts/${waId}`, { alias: 'x' }],
    ] as const) {
      const res = await t.api.send(method, path, { token: other.token, body });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
    }
    expect((await t.api.get('/conversations', { token: other.token })).body.data).toEqual([]);
    expect((await t.api.get('/contacts', { token: other.token })).body.data).toEqual([]);
    expect((await t.api.get('/conversations/counts', { token: other.token })).body).toMatchObject({ all: 0 });
    expect((await t.api.get('/conversations/categories', { token: other.token })).body.data).toEqual([]);
    expect((await t.api.get('/quick-replies/all', { token: other.token })).body.data).toEqual([]);
    // Nothing of ours changed.
    expect((await t.api.get(`/conversations/${mine.id}`, { token: t.admin })).body).toMatchObject({
      tagIds: [],
      followUp: false,
      category: null,
    });
    expect((await t.api.get('/quick-replies', { token: t.admin })).body.data).toEqual([
      expect.objectContaining({ label: 'P' }),
    ]);
  });

  it('refuses bad input with a problem document', async () => {
    const waId = '5215512340007';
    await t.sim.inbound({ from: waId, type: 'text', text: 'hi' });
    await eventually(async () => expect(await conversationOf(waId)).toBeDefined());
    const c = await conversationOf(waId);
    for (const body of [
      { type: 'text' },
      { type: 'carrier-pigeon', text: 'x' },
      { type: 'text', text: 'x'.repeat(4097) },
      { type: 'text', text: 'ok', extra: true },
    ]) {
      const res = await t.api.post(`/conversations/${c.id}/messages`, body, { token: t.admin });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await messagesOf(c.id)).length).toBe(1);
    expect((await t.api.get('/conversations?limit=5000', { token: t.admin })).status).toBe(400);
    // Values PostgreSQL cannot hold are the client's mistake: never a 500.
    for (const path of [
      '/conversations/a%00b',
      '/conversations?search=%00',
      `/conversations/${c.id}/messages?cursor=MjAyNC0xMy00NVQyNTo2MTo2MS4wMDAwMDBafHg`,
      '/contacts?cursor=99999999999999999999',
    ]) {
      const res = await t.api.get(path, { token: t.admin });
      expect({ path, status: res.status }).toEqual({ path, status: expect.any(Number) });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const nul = await t.api.patch(`/contacts/${waId}`, { notes: 'a\u0000b' }, { token: t.admin });
    expect(nul.status).toBe(400);
    expect((await t.api.get('/conversations?status=SLEEPING', { token: t.admin })).status).toBe(400);
  });
});

describe('live updates', () => {
  it('streams the organization’s events and resumes after Last-Event-ID', async () => {
    const controller = new AbortController();
    const res = await fetch(`${t.baseUrl}/events`, {
      headers: { authorization: `Bearer ${t.admin}` },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    let text = '';
    const waId = '5215512340008';
    await t.sim.inbound({ from: waId, type: 'text', text: 'live!' });
    await eventually(async () => {
      const { value } = await reader.read();
      text += Buffer.from(value ?? new Uint8Array()).toString();
      expect(text).toContain('inbox.message.received.v1');
    });
    controller.abort();
    const ids = [...text.matchAll(/^id: (.+)$/gm)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(0);

    // Missed while disconnected: delivered on reconnect.
    await t.sim.inbound({ from: waId, type: 'text', text: 'while away' });
    await new Promise((r) => setTimeout(r, 500));
    const again = new AbortController();
    const resumed = await fetch(`${t.baseUrl}/events`, {
      headers: { authorization: `Bearer ${t.admin}`, 'last-event-id': ids.at(-1)! },
      signal: again.signal,
    });
    const resumedReader = resumed.body!.getReader();
    let backlog = '';
    await eventually(async () => {
      const { value } = await resumedReader.read();
      backlog += Buffer.from(value ?? new Uint8Array()).toString();
      expect(backlog).toContain('while away');
    });
    again.abort();
    expect(backlog).not.toContain(`id: ${ids[0]}\n`);
  });
});
