import type { TemplateStatus } from '@inbox/contracts';
import { newId } from '@inbox/platform';
import type { Simulator } from '@inbox/whatsapp-sim';
import { headerMedia, templates, type StoredComponent } from '../../db/schema';
import { createTemplatesTestbed, openForTestFile } from '../../testing/testbed';
import { sendTemplate } from './send-template';

const testbed = openForTestFile(createTemplatesTestbed);

const ORDER_READY: StoredComponent[] = [
  { type: 'BODY', text: 'Hola {{1}}, tu pedido {{2}} está listo.', example: { body_text: [['Ana', 'A-1']] } },
  { type: 'FOOTER', text: 'Tienda Ejemplo' },
];
const WITH_IMAGE: StoredComponent[] = [
  { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1hZ2U='] } },
  { type: 'BODY', text: 'Hola {{1}}, mira lo nuevo.', example: { body_text: [['Ana']] } },
];

interface TemplateSeed {
  name?: string;
  language?: string;
  status?: TemplateStatus;
  components?: StoredComponent[];
  inboxCategory?: string | null;
  headerMediaId?: string | null;
}

/** A template as the service keeps it once WhatsApp approved it (and as WhatsApp has it, in the simulator). */
async function template(orgId: number, sim: Simulator, seed: TemplateSeed = {}) {
  const row = {
    id: newId(),
    orgId,
    name: seed.name ?? 'order_ready',
    language: seed.language ?? 'es_MX',
    category: 'UTILITY',
    status: seed.status ?? 'APPROVED',
    components: seed.components ?? ORDER_READY,
    parameterFormat: 'POSITIONAL' as const,
    inboxCategory: seed.inboxCategory ?? null,
    headerMediaId: seed.headerMediaId ?? null,
    providerTemplateId: String(Date.now()) + String(Math.floor(Math.random() * 1000)),
  };
  await testbed.deps.db.insert(templates).values(row);
  const res = await fetch(`${sim.url}/_sim/templates/seed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: row.name,
      language: row.language,
      category: row.category,
      status: row.status === 'APPROVED' ? 'APPROVED' : 'PENDING',
      components: row.components,
    }),
  });
  const simId = ((await res.json()) as { data: Array<{ id: string }> }).data[0].id;
  return { ...row, simId };
}

const sent = async (sim: Simulator) =>
  ((await (await fetch(`${sim.url}/_sim/sent`)).json()) as { data: any[] }).data;

const body = (...values: string[]) => ({ bodyJson: JSON.stringify(values) });

describe('sending a template', () => {
  it('to a phone: renders, sends through the inbox, and answers the stored message', async () => {
    const { orgId, sim, agent } = await testbed.orgWithChannel();
    const tpl = await template(orgId, sim, { inboxCategory: 'pedidos' });

    const result = await sendTemplate(testbed.deps, agent, {
      name: 'order_ready',
      phone: '+52 1 55 1234 5678',
      parameters: body('Ana', 'A-17'),
    });

    expect(result.conversationCreated).toBe(true);
    expect(result.message).toMatchObject({
      type: 'template',
      direction: 'outbound',
      status: 'SENT',
      sender: 'agent',
      senderUserId: agent.userId,
      text: 'Hola Ana, tu pedido A-17 está listo.\n\nTienda Ejemplo',
    });
    expect(JSON.parse(result.message!.contentJson!)).toMatchObject({
      template: { id: tpl.id, name: 'order_ready', language: 'es_MX', inboxCategory: 'pedidos' },
    });
    const [wire] = await sent(sim);
    expect(wire.body).toMatchObject({
      to: '5215512345678',
      type: 'template',
      template: {
        name: 'order_ready',
        language: { code: 'es_MX' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', text: 'A-17' },
            ],
          },
        ],
      },
    });
  });

  it('picks the only approved language, else es_MX among several', async () => {
    const { orgId, sim, agent } = await testbed.orgWithChannel();
    await template(orgId, sim, {
      language: 'en_US',
      components: [{ type: 'BODY', text: 'Hi {{1}}, order {{2}}.' }],
    });
    await template(orgId, sim, { language: 'es_MX', status: 'PENDING' });
    const only = await sendTemplate(testbed.deps, agent, {
      name: 'order_ready',
      phone: '+52 55 1234 0001',
      parameters: body('Ann', 'B-2'),
    });
    expect(only.message?.text).toBe('Hi Ann, order B-2.');

    const other = await testbed.orgWithChannel();
    await template(other.orgId, other.sim, {
      language: 'en_US',
      components: [{ type: 'BODY', text: 'Hi {{1}}, order {{2}}.' }],
    });
    await template(other.orgId, other.sim, { language: 'es_MX' });
    const preferred = await sendTemplate(testbed.deps, other.agent, {
      name: 'order_ready',
      phone: '+52 55 1234 0002',
      parameters: body('Ana', 'B-3'),
    });
    expect(preferred.message?.text).toContain('Hola Ana');
    expect((await sent(other.sim))[0].body.template.language.code).toBe('es_MX');
  });

  it('sends a media header by the link of its own file when the send gives none', async () => {
    const { orgId, sim, agent } = await testbed.orgWithChannel();
    const fileId = newId();
    await testbed.deps.db.insert(headerMedia).values({
      id: fileId,
      orgId,
      handle: '4::aW1hZ2U=',
      headerType: 'IMAGE',
      path: 'none.png',
      mimeType: 'image/png',
      size: 1,
      filename: 'promo.png',
    });
    const tpl = await template(orgId, sim, {
      name: 'new_arrivals',
      components: WITH_IMAGE,
      headerMediaId: fileId,
    });
    await sendTemplate(testbed.deps, agent, {
      name: 'new_arrivals',
      phone: '+52 55 1234 0003',
      parameters: body('Ana'),
    });
    const [wire] = await sent(sim);
    expect(wire.body.template.components[0]).toEqual({
      type: 'header',
      parameters: [
        { type: 'image', image: { link: `http://inbox.test/api/v1/templates/${tpl.id}/header-media` } },
      ],
    });
  });
});

describe('refusing a send', () => {
  it('answers 404 for a name without a live template, and 409 TEMPLATE_NOT_APPROVED with the status', async () => {
    const { orgId, sim, agent } = await testbed.orgWithChannel();
    await template(orgId, sim, { status: 'PAUSED' });
    const send = (name: string) =>
      sendTemplate(testbed.deps, agent, { name, phone: '+52 55 1234 0004', parameters: body('Ana', 'A-1') });
    await expect(send('nope')).rejects.toMatchObject({ kind: 'not_found' });
    const paused = await send('order_ready').catch((e: unknown) => e);
    expect(paused).toMatchObject({ kind: 'conflict', code: 'TEMPLATE_NOT_APPROVED' });
    expect((paused as Error).message).toContain('PAUSED');
    expect(await sent(sim)).toEqual([]);
  });

  it("checks the parameters against the template's variables before anything is sent", async () => {
    const { orgId, sim, agent } = await testbed.orgWithChannel();
    await template(orgId, sim);
    const missing = await sendTemplate(testbed.deps, agent, {
      name: 'order_ready',
      phone: '+52 55 1234 0005',
      parameters: body('Ana'),
    }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ kind: 'invalid' });
    expect((missing as { fields: Array<{ path: string }> }).fields.map((f) => f.path).join()).toContain(
      'parameters.body',
    );
    await expect(
      sendTemplate(testbed.deps, agent, {
        name: 'order_ready',
        phone: '+52 55 1234 0005',
        parameters: { bodyJson: '{not json' },
      }),
    ).rejects.toMatchObject({ kind: 'invalid', fields: [{ path: 'parameters.body' }] });
    expect(await sent(sim)).toEqual([]);
  });

  it("passes the inbox's refusals through: a bad phone, another organization's conversation", async () => {
    const { orgId, sim, agent } = await testbed.orgWithChannel();
    await template(orgId, sim);
    const params = body('Ana', 'A-1');
    await expect(
      sendTemplate(testbed.deps, agent, { name: 'order_ready', phone: '12', parameters: params }),
    ).rejects.toMatchObject({ kind: 'invalid', fields: [{ path: 'phone' }] });
    await expect(
      sendTemplate(testbed.deps, agent, { name: 'order_ready', conversationId: newId(), parameters: params }),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('answers 409 TEMPLATE_PAUSED when WhatsApp paused it before the service heard', async () => {
    const { orgId, sim, agent } = await testbed.orgWithChannel();
    const tpl = await template(orgId, sim);
    await fetch(`${sim.url}/_sim/templates/${tpl.simId}/review`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'pause' }),
    });
    await expect(
      sendTemplate(testbed.deps, agent, {
        name: 'order_ready',
        phone: '+52 55 1234 0006',
        parameters: body('Ana', 'A-1'),
      }),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'TEMPLATE_PAUSED' });
  });
});
