import { startReceiver, startWiredSimulator, type Wired } from './test-support';

const CUSTOMER = '447700900123';

describe('webhook delivery', () => {
  let t: Wired;
  afterEach(() => t.close());

  it('retries a failing receiver with growing gaps and logs every attempt', async () => {
    t = await startWiredSimulator({ webhookRetryDelaysMs: [30, 120, 480] });
    t.receiver.failNext(2);
    const res = await t.control('POST', '/inbound', { from: CUSTOMER, type: 'text', text: 'hello?' });
    expect(res.json.delivery).toMatchObject({ status: 'retrying', attempts: 1, httpStatus: 500 });

    const log = await t.receiver.waitFor('the third attempt logged', async () => {
      const [entry] = (await t.control('GET', `/webhooks?wamid=${encodeURIComponent(res.json.wamid)}`)).json
        .data;
      return entry?.attempts.length === 3 && entry;
    });
    expect(log).toMatchObject({ kind: 'message', outcome: 'delivered', wamid: res.json.wamid });
    expect(log.attempts.map((a: any) => a.httpStatus)).toEqual([500, 500, 200]);
    const times = log.attempts.map((a: any) => Date.parse(a.at));
    // Lower bounds only: each gap waits at least its configured delay (a loaded machine may add more).
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(30 - 2);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(120 - 2);
    expect(new Set(t.receiver.received.map((r) => r.body)).size).toBe(1);
  });

  it('gives up after the last retry, and records network errors', async () => {
    t = await startWiredSimulator();
    t.receiver.failNext(10);
    const res = await t.control('POST', '/inbound', { from: CUSTOMER, type: 'text', text: 'hello?' });
    const log = await t.receiver.waitFor('the last attempt logged', async () => {
      const [entry] = (await t.control('GET', `/webhooks?wamid=${encodeURIComponent(res.json.wamid)}`)).json
        .data;
      return entry?.outcome === 'failed' && entry;
    });
    expect(t.receiver.received).toHaveLength(4);
    expect(log.attempts).toHaveLength(4);

    const closed = await startReceiver();
    await closed.close();
    t.sim.setWebhookUrl(closed.url);
    const refused = await t.control('POST', '/inbound', { from: CUSTOMER, type: 'text', text: 'anyone?' });
    expect(refused.json.delivery).toMatchObject({ status: 'retrying', attempts: 1, error: 'ECONNREFUSED' });
  });

  it('signs deliver-raw bodies correctly, or wrongly with ?badSignature=1', async () => {
    t = await startWiredSimulator({ webhookRetryDelaysMs: [] });
    const payload = { object: 'whatsapp_business_account', entry: [{ id: '1', changes: [] }] };
    const good = await t.control('POST', '/deliver-raw', { payload });
    expect(good.json.delivery).toMatchObject({ status: 'delivered', httpStatus: 200 });
    const bad = await t.control('POST', '/deliver-raw?badSignature=1', { payload });
    expect(bad.json.delivery).toMatchObject({ status: 'failed', httpStatus: 401 });
    expect(t.receiver.received.map((r) => r.valid)).toEqual([true, false]);
    expect(t.receiver.received[1].signature).toMatch(/^sha256=[0-9a-f]{64}$/);

    const exact = '{"object":"whatsapp_business_account", "entry":[]}';
    await t.control('POST', '/deliver-raw', { payload: exact });
    expect(t.receiver.received[2]).toMatchObject({ body: exact, valid: true });
  });

  it('emits manual statuses when autoStatuses is off', async () => {
    t = await startWiredSimulator({ autoStatuses: false });
    await t.control('POST', '/inbound', { from: CUSTOMER, type: 'text', text: 'hi' });
    const wamid = (await t.send({ to: CUSTOMER, text: { body: 'Hello' } })).json.messages[0].id;
    await new Promise((r) => setTimeout(r, 60));
    expect(t.receiver.statuses(wamid)).toEqual([]);

    const delivered = await t.control('POST', '/statuses', { wamid, status: 'delivered' });
    expect(delivered.json.delivery.status).toBe('delivered');
    await t.control('POST', '/statuses', { wamid, status: 'failed', errorCode: 131026 });
    const statuses = t.receiver.statuses(wamid);
    expect(statuses[0]).toMatchObject({ status: 'delivered', pricing: { category: 'service' } });
    expect(statuses[1]).toMatchObject({
      status: 'failed',
      errors: [{ code: 131026, title: 'Message undeliverable' }],
    });
    expect(Number(statuses[1].timestamp)).toBeGreaterThan(Number(statuses[0].timestamp));
    expect((await t.control('GET', '/sent')).json.data[0].statuses).toEqual(['delivered', 'failed']);
    expect((await t.control('POST', '/statuses', { wamid: 'wamid.nope', status: 'read' })).status).toBe(404);
  });

  it('logs a skipped delivery without a webhook URL, and reset forgets everything', async () => {
    t = await startWiredSimulator({ webhookUrl: undefined });
    const res = await t.control('POST', '/inbound', { from: CUSTOMER, type: 'text', text: 'hi' });
    expect(res.json.delivery).toMatchObject({ status: 'skipped', attempts: 0 });
    await t.send({ to: CUSTOMER, text: { body: 'Hello' } });
    expect((await t.control('GET', '/sent')).json.data).toHaveLength(1);

    await t.control('POST', '/reset');
    expect((await t.control('GET', '/sent')).json.data).toEqual([]);
    expect((await t.control('GET', '/webhooks')).json.data).toEqual([]);
    expect((await t.control('GET', '/customers')).json.data).toEqual([]);

    await t.control('POST', '/config', { webhookUrl: t.receiver.url });
    const after = await t.control('POST', '/inbound', { from: CUSTOMER, type: 'text', text: 'again' });
    expect(after.json.delivery.status).toBe('delivered');
  });
});
