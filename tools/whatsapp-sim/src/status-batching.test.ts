import { startWiredSimulator, type Wired } from './test-support';

const template = { name: 'hello_world', language: 'en_US' };
const recipients = (n: number) => Array.from({ length: n }, (_, i) => `+1650555${2000 + i}`);

describe('batched status webhooks', () => {
  let t: Wired;
  afterEach(() => t.close());

  const statusWebhooks = () =>
    t.receiver.received
      .map((r) => ({ valid: r.valid, statuses: r.json.entry?.[0]?.changes?.[0]?.value?.statuses }))
      .filter((r) => r.statuses);

  it('puts statuses due together in one signed webhook, keeping each message sent → delivered → read', async () => {
    t = await startWiredSimulator({ statusBatchMax: 100, statusBatchWindowMs: 30 });
    const client = t.client();
    const sent = await Promise.all(recipients(12).map((to) => client.sendTemplate(to, template)));
    await t.receiver.waitFor('36 statuses', () => t.receiver.statuses().length === 36);

    const webhooks = statusWebhooks();
    expect(webhooks.every((w) => w.valid)).toBe(true);
    expect(webhooks.length).toBeLessThan(12);
    expect(Math.max(...webhooks.map((w) => w.statuses.length))).toBeGreaterThan(1);
    for (const { wamid, waId } of sent) {
      const statuses = t.receiver.statuses(wamid);
      expect(statuses.map((s: { status: string }) => s.status)).toEqual(['sent', 'delivered', 'read']);
      const times = statuses.map((s: { timestamp: string }) => Number(s.timestamp));
      expect(times[0]).toBeLessThan(times[1]);
      expect(times[1]).toBeLessThan(times[2]);
      expect(statuses[0]).toMatchObject({ recipient_id: waId, pricing: { category: 'marketing' } });
    }
    const counts = (await t.control('GET', '/sent/counts')).json;
    expect(counts.statusesDelivered).toEqual({ sent: 12, delivered: 12, read: 12 });
    expect(Date.parse(counts.lastStatusDeliveredAt)).toBeLessThanOrEqual(Date.now());
    const logged = await t.control('GET', `/webhooks?wamid=${encodeURIComponent(sent[5].wamid)}`);
    expect(logged.json.data).toHaveLength(3);
    expect(logged.json.data.some((w: { wamids?: string[] }) => (w.wamids?.length ?? 0) > 1)).toBe(true);
  });

  it('never puts more than statusBatchMax statuses in one webhook', async () => {
    t = await startWiredSimulator({ statusBatchMax: 4, statusBatchWindowMs: 30, autoStatuses: true });
    const client = t.client();
    await Promise.all(recipients(10).map((to) => client.sendTemplate(to, template)));
    await t.receiver.waitFor('30 statuses', () => t.receiver.statuses().length === 30);
    const sizes = statusWebhooks().map((w) => w.statuses.length);
    expect(Math.max(...sizes)).toBe(4);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(30);
  });

  it('sends one status per webhook by default', async () => {
    t = await startWiredSimulator();
    const client = t.client();
    await Promise.all(recipients(5).map((to) => client.sendTemplate(to, template)));
    await t.receiver.waitFor('15 statuses', () => t.receiver.statuses().length === 15);
    expect(statusWebhooks().every((w) => w.statuses.length === 1)).toBe(true);
  });

  it('drops statuses still gathering when the simulator is reset', async () => {
    t = await startWiredSimulator({ statusBatchMax: 100, statusBatchWindowMs: 200, statusDelayMs: 0 });
    await t.client().sendTemplate('+16505550001', template);
    await new Promise((r) => setTimeout(r, 50));
    await t.control('POST', '/reset');
    await new Promise((r) => setTimeout(r, 300));
    expect(t.receiver.statuses()).toHaveLength(0);
  });
});
