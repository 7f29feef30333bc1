import type { AddressInfo } from 'node:net';
import express from 'express';
import type { EventEnvelope } from '@inbox/contracts';
import { createLogger, InProcessBus } from '@inbox/platform';
import { signPayload } from '@inbox/whatsapp';
import { whatsappWebhookRouter } from './whatsapp-webhooks';

const settings = { appSecret: 'app-secret-for-tests', verifyToken: 'verify' };
const logger = createLogger('test', 'silent');

/** Account-level fields have no phone number id: the WABA id (entry[].id) finds the organization. */
describe('account-level WhatsApp webhooks (template reviews, categories, quality)', () => {
  let bus: InProcessBus;
  let server: ReturnType<express.Express['listen']>;
  let base: string;
  const received: EventEnvelope[] = [];

  beforeAll(async () => {
    bus = new InProcessBus(logger);
    await bus.subscribe({ queue: 'templates', bindings: ['provider.whatsapp.#'] }, async (event) => {
      received.push(event);
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
    await new Promise((resolve) => server.close(resolve));
    await bus.close();
  });

  const post = (body: string) =>
    fetch(`${base}/webhooks/whatsapp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signPayload(body, settings.appSecret),
      },
      body,
    });

  it('publishes each template field, with a template id beyond 2^53 intact', async () => {
    // Written by hand: JSON.stringify could not produce the unsafe integer.
    const body = `{"object":"whatsapp_business_account","entry":[{"id":"102290129340398","time":1731000000,"changes":[
      {"field":"message_template_status_update","value":{"event":"APPROVED","message_template_id":1252715608684590123,"message_template_name":"order_update","message_template_language":"es_MX","reason":"NONE"}},
      {"field":"template_category_update","value":{"message_template_id":1252715608684590123,"message_template_name":"order_update","message_template_language":"es_MX","previous_category":"UTILITY","new_category":"MARKETING"}},
      {"field":"message_template_quality_update","value":{"previous_quality_score":"GREEN","new_quality_score":"YELLOW","message_template_id":987654321,"message_template_name":"promo","message_template_language":"en_US"}}
    ]}]}`;
    const res = await post(body);
    expect(res.status).toBe(200);
    // Delivery is asynchronous, as from a broker.
    for (let i = 0; i < 250 && received.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    const byType = Object.fromEntries(received.map((e) => [e.type, e.data as Record<string, any>]));
    expect(Object.keys(byType).sort()).toEqual([
      'provider.whatsapp.message_template_quality_update',
      'provider.whatsapp.message_template_status_update',
      'provider.whatsapp.template_category_update',
    ]);
    const status = byType['provider.whatsapp.message_template_status_update'];
    expect(status).toMatchObject({
      wabaId: '102290129340398',
      field: 'message_template_status_update',
      time: 1731000000,
    });
    expect(status.value.message_template_id).toBe('1252715608684590123');
    expect(byType['provider.whatsapp.template_category_update'].value.message_template_id).toBe(
      '1252715608684590123',
    );
    // A safe integer stays the number Meta sent.
    expect(byType['provider.whatsapp.message_template_quality_update'].value.message_template_id).toBe(
      987654321,
    );
  });
});
