import { SimulatorState, WEBHOOK_LOG_BYTES, type WebhookDelivery } from './state';

const delivery = (
  id: number,
  body: string,
  outcome: WebhookDelivery['outcome'] = 'delivered',
): WebhookDelivery => ({
  id: String(id),
  kind: 'status',
  body,
  signature: 'sha256=…',
  badSignature: false,
  attempts: [],
  outcome,
  createdAt: new Date(0).toISOString(),
});

describe('the webhook delivery log', () => {
  it('keeps at most WEBHOOK_LOG_BYTES of bodies (plus a tenth), forgetting the oldest finished first', () => {
    const state = new SimulatorState();
    const body = 'x'.repeat(WEBHOOK_LOG_BYTES / 8);
    state.recordWebhook(delivery(0, body, 'retrying'), 1000);
    for (let i = 1; i <= 40; i++) state.recordWebhook(delivery(i, body), 1000);
    const bytes = state.webhooks.reduce((sum, w) => sum + w.body.length, 0);
    expect(bytes).toBeLessThanOrEqual(WEBHOOK_LOG_BYTES * 1.1);
    expect(state.webhooks[0].id).toBe('0'); // still retrying: kept
    expect(state.webhooks.at(-1)!.id).toBe('40');
  });

  it('keeps at most the count limit (plus a tenth), the newest ones', () => {
    const state = new SimulatorState();
    for (let i = 1; i <= 500; i++) state.recordWebhook(delivery(i, '{}'), 100);
    expect(state.webhooks.length).toBeLessThanOrEqual(110);
    expect(state.webhooks.length).toBeGreaterThanOrEqual(100);
    expect(state.webhooks.at(-1)!.id).toBe('500');
  });
});
