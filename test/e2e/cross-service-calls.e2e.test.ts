import { OUTCOME_UNKNOWN } from '@inbox/contracts';
import { eventually } from '../support/http';
import { MODE } from '../support/system';
import { systemForTestFile } from '../support/suite';
import { makeUser } from '../support/world';

// Every use case that calls another service (the directory over gRPC, WhatsApp over HTTP), through
// the gateway, in both modes. In the all-in-one mode a call made inside a transaction waited for
// the one embedded connection that transaction held (reopen answered 504 after 5 s); now the
// transaction wrapper refuses such a call at once, so any use case that still made one fails here.
const t = systemForTestFile();

/** A customer writes; answers their open conversation. */
async function conversationFrom(waId: string, text = 'hola'): Promise<{ id: string; status: string }> {
  await t.sim.inbound({ from: waId, type: 'text', text });
  let conversation: { id: string; status: string } | undefined;
  await eventually(async () => {
    const list = await t.api.get(`/conversations?search=${waId}`, { token: t.admin });
    conversation = list.body.data.find((c: { status: string }) => c.status !== 'CLOSED');
    expect(conversation).toBeDefined();
  });
  return conversation!;
}

/** Each call must answer within the gateway's deadline: a hang shows as 504 (DEADLINE_EXCEEDED). */
async function quickly<T extends { status: number }>(call: Promise<T>): Promise<T> {
  const res = await call;
  expect(res.status).not.toBe(504);
  return res;
}

const post = (path: string, body?: unknown, token = t.admin) => quickly(t.api.post(path, body, { token }));

describe(`use cases that ask the directory (${MODE} mode)`, () => {
  it('assign, PATCH, takeover, resolve and reopen with an assignee', async () => {
    const agent = await makeUser(t, t.admin, { email: 'xsvc-agent@example.com' });
    const { id } = await conversationFrom('5215512347001');

    expect((await post(`/conversations/${id}/assign`, { userId: agent.id })).body).toMatchObject({
      status: 'HUMAN_HANDLING',
      assignedTo: agent.id,
    });
    expect((await post(`/conversations/${id}/resolve`)).body).toMatchObject({ status: 'CLOSED' });
    // The assignee is still active: back to them.
    const reopened = await post(`/conversations/${id}/reopen`);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'HUMAN_HANDLING', assignedTo: agent.id });

    // The same through PATCH, which asks the directory about the new assignee and the reopen.
    await post(`/conversations/${id}/resolve`);
    const patched = await quickly(
      t.api.patch(`/conversations/${id}`, { status: 'OPEN' }, { token: t.admin }),
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ status: 'HUMAN_HANDLING', assignedTo: agent.id });
    const reassigned = await quickly(
      t.api.patch(`/conversations/${id}`, { assignedTo: agent.id, category: 'ventas' }, { token: t.admin }),
    );
    expect(reassigned.status).toBe(200);

    expect((await post(`/conversations/${id}/takeover`)).body).toMatchObject({
      status: 'HUMAN_HANDLING',
      assignedTo: expect.any(String),
    });
  });

  it('reopens without the assignee once the directory says they are gone', async () => {
    const leaver = await makeUser(t, t.admin, { email: 'xsvc-leaver@example.com' });
    const { id } = await conversationFrom('5215512347002');
    await post(`/conversations/${id}/assign`, { userId: leaver.id });
    await post(`/conversations/${id}/resolve`);
    expect((await quickly(t.api.delete(`/users/${leaver.id}`, { token: t.admin }))).status).toBe(204);

    const reopened = await post(`/conversations/${id}/reopen`);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'OPEN', assignedTo: null });
  });

  it('tags a conversation with a tag the directory knows', async () => {
    const { id } = await conversationFrom('5215512347003');
    const tag = (await post('/tags', { name: 'Mayorista', color: 'blue' })).body;
    const tagged = await post(`/conversations/${id}/tags`, { tagId: tag.id });
    expect(tagged.status).toBe(200);
    expect(tagged.body.tagIds).toEqual([tag.id]);
  });
});

describe(`use cases that call WhatsApp (${MODE} mode)`, () => {
  it('sends, reacts, marks read, uploads, downloads and verifies the channel', async () => {
    const waId = '5215512347004';
    const { id } = await conversationFrom(waId, '¿Tienen catálogo?');
    const [inbound] = (await t.api.get(`/conversations/${id}/messages`, { token: t.admin })).body.data;

    const reply = await post(`/conversations/${id}/messages`, { type: 'text', text: 'Sí, aquí está' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'SENT' });
    // Every send carries its message id, echoed back in the status webhooks.
    expect((await t.sim.sent(waId)).at(-1)?.body).toMatchObject({ biz_opaque_callback_data: reply.body.id });

    expect((await post(`/messages/${inbound.id}/react`, { emoji: '👍' })).status).toBe(200);
    expect((await post(`/conversations/${id}/read`)).status).toBe(200);
    await eventually(async () => {
      const read = await (await fetch(`${t.sim.url}/_sim/marked-read`)).json();
      expect(JSON.stringify(read)).toContain(inbound.providerMessageId);
    });

    const form = new FormData();
    form.append(
      'file',
      new Blob([Buffer.from('%PDF-1.4 lista de precios')], { type: 'application/pdf' }),
      'precios.pdf',
    );
    const media = await quickly(
      fetch(`${t.baseUrl}/conversations/${id}/messages/media`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.admin}` },
        body: form,
      }),
    );
    expect(media.status).toBe(201);
    expect(await media.json()).toMatchObject({ status: 'SENT', type: 'document' });

    await t.sim.inbound({
      from: waId,
      type: 'image',
      media: {
        mimeType: 'image/png',
        dataBase64: Buffer.from('89504e470d0a1a0a00', 'hex').toString('base64'),
      },
    });
    await eventually(async () => {
      const messages = (await t.api.get(`/conversations/${id}/messages`, { token: t.admin })).body.data;
      expect(messages.find((m: { type: string }) => m.type === 'image')?.media).toMatchObject({
        status: 'READY',
      });
    });

    const channel = t.system.whatsapp.channel;
    const verified = await quickly(
      t.api.put(
        '/settings/whatsapp',
        { phoneNumberId: channel.phoneNumberId, wabaId: channel.wabaId, accessToken: channel.accessToken },
        { token: t.admin },
      ),
    );
    expect(verified.status).toBe(200);
  });

  it('never repeats a send whose answer was lost, and lets the status webhooks settle it', async () => {
    const waId = '5215512347005';
    const { id } = await conversationFrom(waId);
    await t.sim.failures({ to: waId, code: 0, mode: 'drop', times: 1 });

    const reply = await post(`/conversations/${id}/messages`, {
      type: 'text',
      text: '¿Me confirmas la dirección?',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'FAILED', error: { code: OUTCOME_UNKNOWN.code } });
    expect(await t.sim.sent(waId)).toHaveLength(1);

    // WhatsApp did accept it: its status webhooks carry the message id and the inbox catches up.
    await eventually(async () => {
      const messages = (await t.api.get(`/conversations/${id}/messages`, { token: t.admin })).body.data;
      expect(messages.find((m: { id: string }) => m.id === reply.body.id)).toMatchObject({
        status: 'READ',
        error: null,
        providerMessageId: (await t.sim.sent(waId))[0].wamid,
      });
    });
  });
});

describe('windowExpiresWithin', () => {
  it('takes any positive integer: 1440 or more means every open window', async () => {
    const { id } = await conversationFrom('5215512347006');
    for (const minutes of ['1440', '1441', '100000', '99999999999999999999']) {
      const res = await t.api.get(`/conversations?windowExpiresWithin=${minutes}`, { token: t.admin });
      expect(res.status).toBe(200);
      expect(res.body.data.map((c: { id: string }) => c.id)).toContain(id);
      const counts = await t.api.get(`/conversations/counts?windowExpiresWithin=${minutes}`, {
        token: t.admin,
      });
      expect(counts.status).toBe(200);
    }
    for (const bad of ['0', '-1', '2.5', 'soon'])
      expect((await t.api.get(`/conversations?windowExpiresWithin=${bad}`, { token: t.admin })).status).toBe(
        400,
      );
  });
});
