import { PHONE_ID, WABA_ID, DISPLAY, startWiredSimulator, type Wired } from './test-support';

const CUSTOMER = '16505551234';

describe('POST /:version/:phoneNumberId/messages', () => {
  let t: Wired;
  beforeEach(async () => {
    t = await startWiredSimulator();
  });
  afterEach(() => t.close());

  const openWindow = (waId = CUSTOMER) =>
    t.control('POST', '/inbound', { from: waId, type: 'text', text: 'hi' });

  it('accepts a text send and posts signed sent → delivered → read statuses with pricing', async () => {
    await openWindow();
    const res = await t.send({ to: `+${CUSTOMER}`, type: 'text', text: { body: 'Hello there' } });

    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: `+${CUSTOMER}`, wa_id: CUSTOMER }],
      messages: [{ id: expect.stringMatching(/^wamid\.[A-Za-z0-9+/=]{20,}$/) }],
    });
    const wamid = res.json.messages[0].id;
    const statuses = await t.receiver.waitFor(
      'three statuses',
      () => t.receiver.statuses(wamid).length === 3 && t.receiver.statuses(wamid),
    );

    expect(statuses.map((s: any) => s.status)).toEqual(['sent', 'delivered', 'read']);
    const timestamps = statuses.map((s: any) => Number(s.timestamp));
    expect(timestamps[0]).toBeLessThan(timestamps[1]);
    expect(timestamps[1]).toBeLessThan(timestamps[2]);
    const service = {
      billable: false,
      pricing_model: 'PMP',
      type: 'free_customer_service',
      category: 'service',
    };
    expect(statuses[0]).toMatchObject({ recipient_id: CUSTOMER, pricing: service });
    expect(statuses[0].conversation).toMatchObject({
      origin: { type: 'service' },
      expiration_timestamp: expect.any(String),
    });
    expect(statuses[1].pricing).toEqual(service);
    expect(statuses[2].pricing).toBeUndefined();
    const envelope = t.receiver.received.find((r) => r.json.entry[0].changes[0].value.statuses)!;
    expect(envelope.valid).toBe(true);
    expect(envelope.json).toMatchObject({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: WABA_ID,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: DISPLAY, phone_number_id: PHONE_ID },
              },
            },
          ],
        },
      ],
    });
  });

  it('omits conversation from statuses from v24 on, and a reaction only gets sent', async () => {
    await openWindow();
    const res = await t.graph('POST', `/v24.0/${PHONE_ID}/messages`, {
      messaging_product: 'whatsapp',
      to: CUSTOMER,
      type: 'reaction',
      reaction: { message_id: 'wamid.IN1', emoji: '👍' },
    });
    const wamid = res.json.messages[0].id;
    await t.receiver.waitFor('sent', () => t.receiver.statuses(wamid).length > 0);
    await new Promise((r) => setTimeout(r, 100));
    const statuses = t.receiver.statuses(wamid);
    expect(statuses.map((s: any) => s.status)).toEqual(['sent']);
    expect(statuses[0].conversation).toBeUndefined();
  });

  it('accepts a send outside the 24-hour window, then fails it with 131047; after the customer writes it succeeds', async () => {
    const first = await t.send({ to: CUSTOMER, text: { body: 'Are you there?' } });
    expect(first.status).toBe(200);
    const wamid = first.json.messages[0].id;
    const [failed] = await t.receiver.waitFor(
      'failed status',
      () => t.receiver.statuses(wamid).length > 0 && t.receiver.statuses(wamid),
    );
    expect(failed).toMatchObject({
      status: 'failed',
      recipient_id: CUSTOMER,
      errors: [{ code: 131047, title: 'Re-engagement message' }],
    });
    expect(failed.pricing).toBeUndefined();

    await openWindow();
    const second = await t.send({ to: CUSTOMER, text: { body: 'Thanks for writing' } });
    const statuses = await t.receiver.waitFor(
      'read',
      () =>
        t.receiver.statuses(second.json.messages[0].id).length === 3 &&
        t.receiver.statuses(second.json.messages[0].id),
    );
    expect(statuses.map((s: any) => s.status)).toEqual(['sent', 'delivered', 'read']);
  });

  it('answers the wa_id the control API gave for a number, and the digits of any other', async () => {
    await t.control('POST', '/customers/+55 31 8765-4321/wa-id', { waId: '5531987654321' });
    await t.control('POST', '/templates', { name: 'order_update', category: 'UTILITY' });
    const template = { name: 'order_update', language: { code: 'en_US' } };
    const renamed = await t.send({ to: '553187654321', type: 'template', template });
    expect(renamed.json.contacts).toEqual([{ input: '553187654321', wa_id: '5531987654321' }]);
    const other = await t.send({ to: CUSTOMER, type: 'template', template });
    expect(other.json.contacts).toEqual([{ input: CUSTOMER, wa_id: CUSTOMER }]);
    expect((await t.control('POST', '/customers/1/wa-id', { waId: 'abc' })).status).toBe(400);
  });

  it('follows the window set through the control API and always lets templates through', async () => {
    const dayAndAnHourAgo = new Date(Date.now() - 25 * 3600_000).toISOString();
    const window = await t.control('POST', `/customers/${CUSTOMER}/window`, {
      lastInboundAt: dayAndAnHourAgo,
    });
    expect(window.json).toMatchObject({ waId: CUSTOMER, windowOpen: false });
    const late = await t.send({ to: CUSTOMER, type: 'text', text: { body: 'late' } });
    await t.receiver.waitFor(
      '131047',
      () => t.receiver.statuses(late.json.messages[0].id)[0]?.errors?.[0]?.code === 131047,
    );

    await t.control('POST', '/templates', { name: 'order_update', category: 'UTILITY' });
    const tpl = await t.send({
      to: CUSTOMER,
      type: 'template',
      template: { name: 'order_update', language: { code: 'en_US' } },
    });
    expect(tpl.json.messages[0]).toMatchObject({ message_status: 'accepted' });
    const [sent] = await t.receiver.waitFor(
      'template sent',
      () =>
        t.receiver.statuses(tpl.json.messages[0].id).length > 0 &&
        t.receiver.statuses(tpl.json.messages[0].id),
    );
    expect(sent).toMatchObject({
      status: 'sent',
      pricing: { type: 'regular', category: 'utility', billable: true },
    });

    await t.control('POST', `/customers/${CUSTOMER}/window`, {
      lastInboundAt: new Date(Date.now() - 3600_000).toISOString(),
    });
    const promo = await t.send({
      to: CUSTOMER,
      type: 'template',
      template: { name: 'summer_promo', language: { code: 'en' } },
    });
    const [promoSent] = await t.receiver.waitFor(
      'promo sent',
      () =>
        t.receiver.statuses(promo.json.messages[0].id).length > 0 &&
        t.receiver.statuses(promo.json.messages[0].id),
    );
    expect(promoSent.pricing).toMatchObject({ type: 'regular', category: 'marketing' });
  });

  it('answers chosen sync failures with the Graph error and the documented HTTP status, `times` uses them up', async () => {
    await openWindow();
    await t.control('POST', '/failures', { to: `+${CUSTOMER}`, code: 131056, mode: 'sync', times: 1 });
    const limited = await t.send({ to: CUSTOMER, text: { body: 'one' } });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toMatchObject({
      code: 131056,
      type: 'OAuthException',
      message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
      is_transient: true,
      fbtrace_id: expect.any(String),
    });
    expect((await t.send({ to: CUSTOMER, text: { body: 'two' } })).status).toBe(200);

    await t.control('POST', '/failures', { to: CUSTOMER, code: 131000, mode: 'sync' });
    expect((await t.send({ to: CUSTOMER, text: { body: 'three' } })).status).toBe(500);
    expect((await t.send({ to: CUSTOMER, text: { body: 'four' } })).status).toBe(500);
    expect((await t.control('DELETE', '/failures')).json).toEqual({ removed: 1 });
    expect((await t.send({ to: CUSTOMER, text: { body: 'five' } })).status).toBe(200);

    await t.control('POST', '/failures', {
      to: CUSTOMER,
      code: 131026,
      title: 'Message undeliverable',
      mode: 'sync',
    });
    const undeliverable = await t.send({ to: CUSTOMER, text: { body: 'six' } });
    expect(undeliverable.status).toBe(400);
    expect(undeliverable.json.error.code).toBe(131026);
    expect(
      (await t.control('GET', `/sent?to=${CUSTOMER}`)).json.data.map((s: any) => s.body.text.body),
    ).toEqual(['two', 'five']);
  });

  it('accepts a send with a chosen async failure, then posts a failed status with that code', async () => {
    await openWindow();
    await t.control('POST', '/failures', { to: CUSTOMER, code: 131049, mode: 'async', times: 1 });
    const res = await t.send({ to: CUSTOMER, text: { body: 'promo' } });
    expect(res.status).toBe(200);
    const wamid = res.json.messages[0].id;
    await t.receiver.waitFor('failed', () => t.receiver.statuses(wamid).length > 0);
    await new Promise((r) => setTimeout(r, 60));
    const statuses = t.receiver.statuses(wamid);
    expect(statuses).toHaveLength(1);
    expect(statuses[0]).toMatchObject({
      status: 'failed',
      errors: [
        {
          code: 131049,
          title: expect.stringContaining('healthy ecosystem'),
          error_data: { details: expect.any(String) },
        },
      ],
    });
  });

  it('marks a message as read with { success: true } and lists it', async () => {
    const res = await t.send({ status: 'read', message_id: 'wamid.IN1' });
    expect(res).toEqual({ status: 200, json: { success: true } });
    expect((await t.control('GET', '/marked-read')).json.data).toEqual([
      { messageId: 'wamid.IN1', at: expect.any(String) },
    ]);
    expect((await t.control('GET', '/sent')).json.data).toEqual([]);
  });

  it('refuses a missing or wrong token with 401 code 190, and an unknown phone number id with code 100/33', async () => {
    const body = { messaging_product: 'whatsapp', to: CUSTOMER, text: { body: 'x' } };
    const wrong = await t.graph('POST', `/v23.0/${PHONE_ID}/messages`, body, {
      authorization: 'Bearer nope',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toMatchObject({ code: 190, type: 'OAuthException' });
    const missing = await t.graph('POST', `/v23.0/${PHONE_ID}/messages`, body, { authorization: '' });
    expect(missing.status).toBe(401);
    expect(missing.json.error.code).toBe(190);
    const unknown = await t.graph('POST', '/v23.0/999/messages', body);
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatchObject({ code: 100, error_subcode: 33, type: 'GraphMethodException' });
    expect((await t.control('GET', '/sent')).json.data).toEqual([]);
  });
});
