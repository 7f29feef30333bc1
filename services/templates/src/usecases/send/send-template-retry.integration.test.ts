import { createLogger, InProcessBus } from '@inbox/platform';
import type { Simulator } from '@inbox/whatsapp-sim';
import {
  PROVIDER_WEBHOOKS_SUBSCRIPTION,
  providerWebhookHandler,
} from '../../consumers/provider-webhooks.consumer';
import {
  eventually,
  seedSimTemplates,
  simReview,
  storeSeeded,
  templateRow,
} from '../../testing/sync-fixtures';
import { createTemplatesTestbed, openForTestFile } from '../../testing/testbed';
import { startWebhookIngress } from '../../testing/webhook-ingress';
import { setInboxCategory } from '../templates/set-inbox-category';
import { sendTemplate } from './send-template';

/**
 * A retried send (same Idempotency-Key) answers the first message even when the template changed
 * in between: WhatsApp paused it (the signed webhook reaches the service through the consumer, as
 * in production) and an Admin gave it another inbox category.
 */

const bed = openForTestFile(async () => {
  const testbed = await createTemplatesTestbed();
  const bus = new InProcessBus(createLogger('send-retry-test', 'silent'));
  await bus.subscribe(PROVIDER_WEBHOOKS_SUBSCRIPTION, providerWebhookHandler(testbed.deps));
  const ingress = await startWebhookIngress(bus, 'sim-app-secret');
  return {
    ...testbed,
    ingress,
    close: async () => {
      await ingress.close();
      await bus.close();
      await testbed.close();
    },
  };
});

const sent = async (sim: Simulator) =>
  ((await (await fetch(`${sim.url}/_sim/sent`)).json()) as { data: unknown[] }).data;

it('answers the first message, sent once, after the template was paused and relabelled', async () => {
  const org = await bed.orgWithChannel();
  org.sim.setWebhookUrl(bed.ingress.url);
  const [seeded] = await seedSimTemplates(org.sim, [
    {
      components: [
        { type: 'BODY', text: 'Hola {{1}}, tu pedido está listo.', example: { body_text: [['Ana']] } },
      ],
    },
  ]);
  const stored = await storeSeeded(bed.database.db, org.orgId, seeded, { inboxCategory: 'pedidos' });
  const send = (idempotencyKey: string) =>
    sendTemplate(bed.deps, org.agent, {
      name: seeded.name,
      phone: '+52 55 1234 7001',
      parameters: { bodyJson: JSON.stringify(['Ana']) },
      idempotencyKey,
    });

  const first = await send('order-7001');
  expect(first.message).toMatchObject({ status: 'SENT', text: 'Hola Ana, tu pedido está listo.' });

  await simReview(org.sim, seeded.id, { action: 'pause' });
  await eventually(
    () => templateRow(bed.database.db, stored.id),
    (row) => row.status === 'PAUSED',
  );
  await setInboxCategory(bed.deps, org.admin, stored.id, 'ventas');

  await expect(send('order-7001')).resolves.toEqual(first);
  expect(await sent(org.sim)).toHaveLength(1);
  // A new send (another key) is refused: the template is paused now.
  await expect(send('order-7002')).rejects.toMatchObject({ code: 'TEMPLATE_NOT_APPROVED' });
  expect(await sent(org.sim)).toHaveLength(1);
});

it('answers a key used for another template or person with 409 IDEMPOTENCY_KEY_REUSED', async () => {
  const org = await bed.orgWithChannel();
  const [one, two] = await seedSimTemplates(org.sim, [{}, {}]);
  await storeSeeded(bed.database.db, org.orgId, one);
  await storeSeeded(bed.database.db, org.orgId, two);
  const send = (name: string, phone: string) =>
    sendTemplate(bed.deps, org.agent, { name, phone, idempotencyKey: 'shared-key' });

  await send(one.name, '+52 55 1234 7003');
  await expect(send(two.name, '+52 55 1234 7003')).rejects.toMatchObject({
    kind: 'conflict',
    code: 'IDEMPOTENCY_KEY_REUSED',
  });
  await expect(send(one.name, '+52 55 1234 7004')).rejects.toMatchObject({
    code: 'IDEMPOTENCY_KEY_REUSED',
  });
  expect(await sent(org.sim)).toHaveLength(1);
});
