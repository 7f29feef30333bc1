import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import express from 'express';
import { createLogger, RabbitMqBus } from '@inbox/platform';
import { startAmqpFaultProxy, type AmqpFaultProxy } from '@inbox/platform/testing';
import { signPayload } from '@inbox/whatsapp';
import { whatsappWebhookRouter } from './whatsapp-webhooks';

const url = process.env.AMQP_URL;
// Only a broker blocks publishers: the embedded buses write to the embedded database.
const d = url ? describe : describe.skip;
const logger = createLogger('test', 'silent');
const settings = { appSecret: 'app-secret', verifyToken: 'verify' };

async function eventually(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

d('WhatsApp webhooks while the broker cannot take them (real RabbitMQ, faults injected)', () => {
  let proxy: AmqpFaultProxy;
  let bus: RabbitMqBus;
  let consumer: RabbitMqBus;
  let server: ReturnType<express.Express['listen']>;
  let base: string;
  const queued: string[] = [];

  beforeAll(async () => {
    const namespace = `wh${randomBytes(4).toString('hex')}`;
    proxy = await startAmqpFaultProxy(url as string);
    bus = await RabbitMqBus.connect(proxy.url, logger, {
      namespace,
      ephemeral: true,
      confirmTimeoutMs: 3_000,
    });
    consumer = await RabbitMqBus.connect(url as string, logger, { namespace, ephemeral: true });
    await consumer.subscribe({ queue: 'webhooks', bindings: ['provider.#'] }, async (event) => {
      queued.push(event.id);
    });
    const app = express();
    app.use((_req, res, next) => {
      res.locals.requestId = 'req-1';
      next();
    });
    app.use(whatsappWebhookRouter(settings, bus, logger));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await bus?.close();
    await consumer?.close();
    await proxy?.close();
  });

  const post = () => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        { id: 'waba', changes: [{ field: 'messages', value: { metadata: { phone_number_id: '1' } } }] },
      ],
    });
    return fetch(`${base}/webhooks/whatsapp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signPayload(body, settings.appSecret),
      },
      body,
    });
  };

  it('answers 503 at once while the broker blocks publishers, and 200 again once it unblocks', async () => {
    proxy.startAlarm('memory alarm');
    await eventually(() => bus.blocked());
    const started = Date.now();
    const refused = await post();
    expect(refused.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(2_000); // no wait for the 3 s confirm timeout
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(await refused.json()).toMatchObject({ status: 503, code: 'UNAVAILABLE' });

    proxy.endAlarm();
    await eventually(() => !bus.blocked());
    const accepted = await post();
    expect(accepted.status).toBe(200);
    await eventually(() => queued.length > 0);
    expect(queued).toHaveLength(1); // only the acknowledged one was queued
  });

  it('answers 503 when the broker does not confirm in time, rather than hanging', async () => {
    proxy.holdReplies();
    try {
      const started = Date.now();
      const answer = await post();
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBeNull(); // not the alarm's answer: the confirm timed out
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    } finally {
      proxy.releaseReplies();
    }
  });
});
