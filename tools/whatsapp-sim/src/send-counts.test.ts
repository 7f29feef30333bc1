import { startWiredSimulator, type Wired } from './test-support';

describe('GET /_sim/sent/counts and bounded memory', () => {
  let t: Wired;
  afterEach(() => t.close());

  const template = (name: string) => ({ name, language: 'en_US' });

  it('counts every send per (template, recipient) and per callback data, listing the duplicates', async () => {
    t = await startWiredSimulator({ autoStatuses: false });
    const client = t.client();
    await client.sendTemplate('+16505551001', template('promo'), { bizOpaqueCallbackData: 'campaign:r1' });
    await client.sendTemplate('+16505551002', template('promo'), { bizOpaqueCallbackData: 'campaign:r2' });
    await client.sendTemplate('+16505551001', template('promo'), { bizOpaqueCallbackData: 'campaign:r1' });
    await client.sendTemplate('+16505551001', template('other'), { bizOpaqueCallbackData: 'other:x' });
    await client.sendText('+16505551003', 'hi').catch(() => undefined); // window closed: still a send

    const all = (await t.control('GET', '/sent/counts')).json;
    expect(all).toEqual({
      sends: 5,
      refused: {},
      statusesDelivered: {},
      lastStatusDeliveredAt: null,
      templates: {
        promo: { sends: 3, recipients: 2, duplicated: 1 },
        other: { sends: 1, recipients: 1, duplicated: 0 },
      },
      callbackData: { sends: 4, distinct: 3, duplicated: 1 },
      duplicateCount: 2,
      duplicates: [
        { template: 'promo', to: '16505551001', count: 2 },
        { callbackData: 'campaign:r1', count: 2 },
      ],
    });
    const totals = (await t.control('GET', '/sent/counts?totals=1')).json;
    expect(totals).toMatchObject({ sends: 5, templates: {}, callbackData: { sends: 0 }, duplicateCount: 0 });
    const campaign = (await t.control('GET', '/sent/counts?callbackPrefix=campaign:&template=none')).json;
    expect(campaign.templates).toEqual({});
    const prefixed = (await t.control('GET', '/sent/counts?callbackPrefix=other:')).json;
    expect(prefixed.callbackData).toEqual({ sends: 1, distinct: 1, duplicated: 0 });
    const one = (await t.control('GET', '/sent/counts?template=promo&to=%2B16505551002')).json;
    expect(one.templates).toEqual({ promo: { sends: 1, recipients: 1, duplicated: 0 } });

    await t.control('POST', '/reset');
    expect((await t.control('GET', '/sent/counts')).json).toMatchObject({ sends: 0, duplicateCount: 0 });
  });

  it('keeps only the newest sentLimit sends and webhookLogLimit deliveries, the counts keeping all', async () => {
    t = await startWiredSimulator({ sentLimit: 20, webhookLogLimit: 30, statusDelayMs: 0 });
    const client = t.client();
    const results: { wamid: string }[] = [];
    for (let i = 0; i < 60; i++)
      results.push(await client.sendTemplate(`+1650556${1000 + i}`, template('bulk')));
    await t.receiver.waitFor('180 statuses', () => t.receiver.statuses().length === 180);

    const sent = (await t.control('GET', '/sent')).json.data as { wamid: string }[];
    expect(sent.length).toBeGreaterThanOrEqual(20);
    expect(sent.length).toBeLessThanOrEqual(22);
    expect(sent.at(-1)!.wamid).toBe(results.at(-1)!.wamid);
    expect(sent.some((s) => s.wamid === results[0].wamid)).toBe(false);
    const webhooks = (await t.control('GET', '/webhooks')).json.data;
    expect(webhooks.length).toBeLessThanOrEqual(33);
    expect((await t.control('GET', '/sent/counts?template=bulk')).json.templates.bulk).toEqual({
      sends: 60,
      recipients: 60,
      duplicated: 0,
    });
    // A forgotten send can no longer be given a status by hand; a kept one can.
    expect((await t.control('POST', '/statuses', { wamid: results[0].wamid, status: 'read' })).status).toBe(
      404,
    );
    expect(
      (await t.control('POST', '/statuses', { wamid: results[59].wamid, status: 'read' })).status,
    ).toBeLessThan(300);
  });
});
