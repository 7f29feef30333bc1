import { eventually } from '../support/http';
import { MODE } from '../support/system';
import { systemForTestFile } from '../support/suite';
import { approvedTemplate, templateBody, waitForStatus } from '../support/templates';
import { makeUser } from '../support/world';

jest.setTimeout(60_000);

const t = systemForTestFile();

const conversationOf = async (waId: string) => {
  const list = await t.api.get(`/conversations?search=${waId}`, { token: t.admin });
  return list.body.data?.find(
    (c: { waId: string; status: string }) => c.waId === waId && c.status !== 'CLOSED',
  );
};
const simTemplate = async (name: string, language = 'es_MX') =>
  (await t.sim.templates()).find((x) => x.name === name && x.language === language);
const HOUR = 3600;

describe(`a template from draft to the customer's reply (${MODE})`, () => {
  it('is drafted locally, submitted, approved by WhatsApp’s webhook, sent outside the window, and categorizes the reply', async () => {
    const draft = await t.api.post('/templates/draft', templateBody('order_ready'), { token: t.admin });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({
      name: 'order_ready',
      language: 'es_MX',
      status: 'DRAFT',
      providerTemplateId: null,
      parameterFormat: 'POSITIONAL',
    });
    const id = draft.body.id as string;
    expect(await simTemplate('order_ready')).toBeUndefined(); // nothing reached WhatsApp

    const footer = { type: 'FOOTER', text: 'Gracias por tu compra' };
    const body = templateBody('order_ready');
    const edited = await t.api.put(
      `/templates/${id}/draft`,
      { ...body, components: [body.components[0], footer] },
      { token: t.admin },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.components).toContainEqual(footer);
    const category = await t.api.patch(
      `/templates/${id}/inbox-category`,
      { inboxCategory: 'pedidos' },
      { token: t.admin },
    );
    expect(category.body.inboxCategory).toBe('pedidos');

    const submitted = await t.api.post(`/templates/${id}/submit`, undefined, { token: t.admin });
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe('PENDING');
    const inWhatsApp = await simTemplate('order_ready');
    expect(inWhatsApp).toMatchObject({ id: submitted.body.providerTemplateId, status: expect.any(String) });
    expect(JSON.stringify(inWhatsApp!.components)).toContain('Gracias por tu compra');

    const approved = await waitForStatus(t.api, t.admin, id, 'APPROVED');
    expect(approved.history.map((h: { to: string }) => h.to)).toEqual(['APPROVED', 'PENDING', 'DRAFT']);
    expect(approved.history[0]).toMatchObject({ from: 'PENDING', by: 'whatsapp' });
    expect(
      (await t.api.get('/templates', { token: t.admin })).body.data.map((x: { id: string }) => x.id),
    ).toContain(id);

    // The customer last wrote 25 hours ago: free-form messages are refused, templates are not.
    const waId = '5215512347001';
    await t.sim.inbound({
      from: waId,
      type: 'text',
      text: '¿Ya está mi pedido?',
      timestamp: Math.floor(Date.now() / 1000) - 25 * HOUR,
    });
    await eventually(async () => expect(await conversationOf(waId)).toBeDefined());
    const conversation = await conversationOf(waId);
    expect(Date.parse(conversation.windowExpiresAt)).toBeLessThan(Date.now());
    expect(conversation.category).toBeNull();
    const text = await t.api.post(
      `/conversations/${conversation.id}/messages`,
      { type: 'text', text: 'Hola' },
      { token: t.admin },
    );
    expect(text.status).toBe(409);

    const sent = await t.api.post(
      '/templates/order_ready/send',
      { conversationId: conversation.id, parameters: { body: ['Ana'] } },
      { token: t.admin },
    );
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      conversationId: conversation.id,
      conversationCreated: false,
      message: {
        conversationId: conversation.id,
        type: 'template',
        direction: 'outbound',
        sender: 'agent',
        status: 'SENT',
        text: expect.stringContaining('Hola Ana, tu pedido está listo.'),
      },
    });
    const request = (await t.sim.sent(waId)).at(-1)!;
    expect(request.type).toBe('template');
    expect(request.wamid).toBe(sent.body.message.providerMessageId);
    expect(request.body).toMatchObject({
      template: {
        name: 'order_ready',
        language: { code: 'es_MX' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] }],
      },
    });

    await t.sim.inbound({ from: waId, type: 'text', text: 'Gracias, paso por él' });
    await eventually(async () => expect((await conversationOf(waId)).category).toBe('pedidos'));
  });

  it('sends to a phone number in any spelling, starting one conversation (origin TEMPLATE) the reply lands in', async () => {
    const template = await approvedTemplate(t.api, t.admin, 'welcome_back');
    await t.api.patch(
      `/templates/${template.id}/inbox-category`,
      { inboxCategory: 'reactivacion' },
      { token: t.admin },
    );
    const first = await t.api.post(
      '/templates/welcome_back/send-to-phone',
      { phone: '+52 55 1234 7002', parameters: { body: ['Luis'] } },
      { token: t.admin },
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      conversationCreated: true,
      message: { type: 'template', status: 'SENT' },
    });
    const conversationId = first.body.conversationId as string;
    const conversation = await t.api.get(`/conversations/${conversationId}`, { token: t.admin });
    expect(conversation.body).toMatchObject({ origin: 'TEMPLATE', category: null });

    // The same person with Mexico's old mobile prefix: the same conversation.
    const again = await t.api.post(
      '/templates/welcome_back/send-to-phone',
      { phone: '+5215512347002', parameters: { body: ['Luis'] } },
      { token: t.admin },
    );
    expect(again.body).toMatchObject({ conversationCreated: false, conversationId });
    const waId = conversation.body.waId as string;
    expect((await t.sim.sent(waId)).filter((s) => s.type === 'template')).toHaveLength(2);

    await t.sim.inbound({ from: waId, type: 'text', text: 'Hola, sí me interesa' });
    await eventually(async () =>
      expect((await t.api.get(`/conversations/${conversationId}`, { token: t.admin })).body.category).toBe(
        'reactivacion',
      ),
    );
  });

  it('answers a retried send with an Idempotency-Key with the first message, sending once', async () => {
    const send = () =>
      t.api.send('POST', '/templates/welcome_back/send-to-phone', {
        token: t.admin,
        body: { phone: '+5215512347005', parameters: { body: ['Rosa'] } },
        headers: { 'idempotency-key': 'welcome-rosa-1' },
      });
    const first = await send();
    const retry = await send();
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body.message.id).toBe(first.body.message.id);
    expect(await t.sim.sent('5215512347005')).toHaveLength(1);
  });

  it('checks the parameters against the template, sends APPROVED templates only, and an agent may send', async () => {
    const agent = await makeUser(t, t.admin, { email: 'templates-agent@example.com' });
    const missing = await t.api.post(
      '/templates/welcome_back/send-to-phone',
      { phone: '+5215512347003' },
      { token: agent.token },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { path: string }) => e.path).join()).toContain('parameters.body');
    const tooMany = await t.api.post(
      '/templates/welcome_back/send-to-phone',
      { phone: '+5215512347003', parameters: { body: ['a', 'b'] } },
      { token: agent.token },
    );
    expect(tooMany.status).toBe(400);
    expect((await t.sim.sent('5215512347003')).length).toBe(0);

    await t.api.post('/templates/draft', templateBody('not_yet_approved'), { token: t.admin });
    const draft = await t.api.post(
      '/templates/not_yet_approved/send-to-phone',
      { phone: '+5215512347003', parameters: { body: ['a'] } },
      { token: agent.token },
    );
    expect(draft.status).toBe(409);
    expect(draft.body.code).toBe('TEMPLATE_NOT_APPROVED');
    const unknown = await t.api.post(
      '/templates/no_such_template/send-to-phone',
      { phone: '+5215512347003' },
      { token: agent.token },
    );
    expect(unknown.status).toBe(404);

    const byAgent = await t.api.post(
      '/templates/welcome_back/send-to-phone',
      { phone: '+5215512347003', parameters: { body: ['Eva'] } },
      { token: agent.token },
    );
    expect(byAgent.status).toBe(201);
    expect(byAgent.body.message).toMatchObject({ sender: 'agent', senderUserId: agent.id });
  });
});

describe(`what WhatsApp decides (${MODE})`, () => {
  it('keeps the category WhatsApp approved a template under, and the one asked for', async () => {
    await t.sim.config({ templateAutoApprove: false });
    try {
      const created = await t.api.post('/templates', templateBody('spring_offer'), { token: t.admin });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ status: 'PENDING', category: 'UTILITY' });
      await t.sim.review(created.body.providerTemplateId, { action: 'approve', category: 'MARKETING' });
      const approved = await waitForStatus(t.api, t.admin, created.body.id, 'APPROVED');
      expect(approved).toMatchObject({ category: 'MARKETING', requestedCategory: 'UTILITY' });
    } finally {
      await t.sim.config({ templateAutoApprove: true });
    }
  });

  it('keeps the reason of a rejection', async () => {
    await t.sim.config({ templateAutoApprove: false });
    try {
      const created = await t.api.post('/templates', templateBody('bad_wording'), { token: t.admin });
      await t.sim.review(created.body.providerTemplateId, {
        action: 'reject',
        reason: 'INVALID_FORMAT',
        rejectionInfo: { reason: 'Variables next to each other', recommendation: 'Separate them' },
      });
      const rejected = await waitForStatus(t.api, t.admin, created.body.id, 'REJECTED');
      expect(rejected.rejectedReason).toBe('INVALID_FORMAT');
      expect(JSON.stringify(rejected.rejectionDetails)).toContain('Separate them');
    } finally {
      await t.sim.config({ templateAutoApprove: true });
    }
  });

  it('counts the edits of an APPROVED template and answers 409 with the next allowed time, before WhatsApp', async () => {
    const template = await approvedTemplate(t.api, t.admin, 'shipping_notice');
    const edit = (text: string) =>
      t.api.put(
        `/templates/${template.id}`,
        templateBody('shipping_notice', {
          components: [{ type: 'BODY', text, example: { body_text: [['Ana']] } }],
        }),
        { token: t.admin },
      );
    const first = await edit('Hola {{1}}, tu envío salió hoy.');
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('PENDING');
    await waitForStatus(t.api, t.admin, template.id, 'APPROVED');
    const before = (await simTemplate('shipping_notice'))!;

    const second = await edit('Hola {{1}}, tu envío salió esta mañana.');
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('EDIT_LIMIT');
    const stored = (await t.api.get(`/templates/${template.id}`, { token: t.admin })).body;
    expect(Date.parse(stored.nextEditAllowedAt)).toBeGreaterThan(Date.now() + 23 * HOUR * 1000);
    // The refusal says when, for a program too: a problem member and Retry-After.
    expect(second.body).toMatchObject({ nextEditAllowedAt: stored.nextEditAllowedAt, editLimit: '24_HOURS' });
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(23 * HOUR);
    expect(JSON.stringify(stored.components)).toContain('salió hoy');
    expect((await simTemplate('shipping_notice'))!.components).toEqual(before.components);

    const renamed = await t.api.put(`/templates/${template.id}`, templateBody('shipping_notice_2'), {
      token: t.admin,
    });
    expect(renamed.status).toBe(409);
    expect(renamed.body.code).toBe('NAME_LANGUAGE_FIXED');
  });
});

describe(`names, copies and deletion (${MODE})`, () => {
  it('refuses a second template of a name and language, and copies under a free name', async () => {
    const original = await t.api.post('/templates/draft', templateBody('promo_code'), { token: t.admin });
    const same = await t.api.post('/templates/draft', templateBody('promo_code'), { token: t.admin });
    expect(same.status).toBe(409);
    const otherLanguage = await t.api.post(
      '/templates/draft',
      templateBody('promo_code', { language: 'en_US' }),
      {
        token: t.admin,
      },
    );
    expect(otherLanguage.status).toBe(201);

    const copy = await t.api.post(`/templates/${original.body.id}/duplicate`, undefined, { token: t.admin });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'promo_code_copy', status: 'DRAFT', language: 'es_MX' });
    const copy2 = await t.api.post(`/templates/${original.body.id}/duplicate`, undefined, { token: t.admin });
    expect(copy2.body.name).toBe('promo_code_copy_2');
    expect(copy2.body.components).toEqual(original.body.components);
  });

  it('deletes in WhatsApp one language only (name + hsm_id), and removes locally without touching WhatsApp', async () => {
    const spanish = await approvedTemplate(t.api, t.admin, 'two_languages');
    const english = await approvedTemplate(t.api, t.admin, 'two_languages', { language: 'en_US' });

    const agent = await makeUser(t, t.admin, { email: 'templates-deleter@example.com' });
    const forbidden = await t.api.delete(`/templates/${spanish.id}/provider`, { token: agent.token });
    expect(forbidden.status).toBe(403);

    const deleted = await t.api.delete(`/templates/${spanish.id}/provider`, { token: t.admin });
    expect(deleted.status).toBe(204);
    expect(await simTemplate('two_languages')).toBeUndefined();
    expect(await simTemplate('two_languages', 'en_US')).toBeDefined();
    expect((await t.api.get(`/templates/${spanish.id}`, { token: t.admin })).body.status).toBe('REMOVED');
    expect((await t.api.get(`/templates/${english.id}`, { token: t.admin })).body.status).toBe('APPROVED');

    const removed = await t.api.delete(`/templates/${english.id}`, { token: agent.token });
    expect(removed.status).toBe(204);
    expect((await t.api.get(`/templates/${english.id}`, { token: t.admin })).body.status).toBe('REMOVED');
    expect(await simTemplate('two_languages', 'en_US')).toBeDefined();
    const listed = await t.api.get('/templates?status=APPROVED,REMOVED&search=two_languages', {
      token: t.admin,
    });
    expect(listed.body.data.map((x: { status: string }) => x.status)).toEqual(['REMOVED', 'REMOVED']);
    const sendRemoved = await t.api.post(
      '/templates/two_languages/send-to-phone',
      { phone: '+5215512347004', parameters: { body: ['x'] } },
      { token: t.admin },
    );
    expect(sendRemoved.status).toBe(404);
  });
});
