import { and, eq } from 'drizzle-orm';
import { INBOX_EVENTS } from '@inbox/contracts';
import { inboundMessageSchema } from '@inbox/whatsapp';
import type { Simulator } from '@inbox/whatsapp-sim';
import { contacts, conversations } from '../../db/schema';
import { HOUR, messagingFixture } from '../../testing/messaging-fixture';
import type { InboxTestbed } from '../../testing/testbed';
import { orderReady, simControl } from '../../testing/template-send-builders';
import { text } from '../../testing/webhook-builders';
import { receiveMessages } from '../ingest/receive-message';
import { sendTemplateMessage, type SendTemplateMessageInput } from './send-template-message';

/**
 * What a template send leaves behind depends on its outcome: the inbox category only when
 * WhatsApp accepted it (and only for a reply within 72 hours), WhatsApp's wa_id for the person,
 * and a retry with the same Idempotency-Key answers the first message whatever changed since.
 */

const messaging = messagingFixture({ firstOrgId: 9401 });
const { orgWithSimulator, openConversation, sent, eventsOf } = messaging;
let testbed: InboxTestbed;
beforeAll(async () => {
  testbed = await messaging.start();
});
afterAll(() => messaging.stop());

const BODY = 'Hola {{1}}, tu pedido {{2}} está listo';

/** `order_ready` approved in the simulator's WABA; answers its simulator id (to pause it). */
const seedOrderReady = async (sim: Simulator) =>
  (
    await simControl(sim, '/templates/seed', {
      name: 'order_ready',
      language: 'es_MX',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: BODY }],
    })
  ).data[0].id;

const conversationRow = async (id: string) =>
  (await testbed.deps.db.select().from(conversations).where(eq(conversations.id, id)))[0];
const contactsOf = (orgId: number) =>
  testbed.deps.db.select().from(contacts).where(eq(contacts.orgId, orgId));
const contactRow = async (orgId: number, waId: string) =>
  (
    await testbed.deps.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.orgId, orgId), eq(contacts.waId, waId)))
  )[0];

/** The customer writes now (the ingestion path the webhook consumer uses). */
const reply = (orgId: number, from: string, body = 'Sí, gracias') =>
  receiveMessages(testbed.deps, [{ orgId, message: inboundMessageSchema.parse(text(from, body)) }]);

/** Runs `work` with the inbox's clock `ms` in the past (a send made that long ago). */
async function earlier<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const now = testbed.deps.now;
  testbed.deps.now = () => new Date(Date.now() - ms);
  try {
    return await work();
  } finally {
    testbed.deps.now = now;
  }
}

describe('the inbox category a template leaves for the reply', () => {
  it('is left only by a send WhatsApp accepted: a refused one neither sets nor replaces it', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const simId = await seedOrderReady(sim);
    const refusedFirst = await openConversation(orgId);
    await simControl(sim, `/templates/${simId}/review`, { action: 'pause' });

    await expect(
      sendTemplateMessage(
        testbed.deps,
        agent,
        orderReady({ conversationId: refusedFirst.id }, { inboxCategory: 'cobranza' }),
      ),
    ).rejects.toMatchObject({ code: 'TEMPLATE_PAUSED' });
    expect(await contactRow(orgId, refusedFirst.waId)).toMatchObject({
      pendingTemplateCategory: null,
      pendingTemplateSentAt: null,
    });
    await reply(orgId, refusedFirst.waId);
    expect((await conversationRow(refusedFirst.id)).category).toBeNull();

    // Accepted with 'pedidos', then refused with 'cobranza': the reply takes 'pedidos'.
    await simControl(sim, `/templates/${simId}/review`, { action: 'unpause' });
    const accepted = await sendTemplateMessage(
      testbed.deps,
      agent,
      orderReady({ phone: '+52 55 6666 0001' }, { inboxCategory: 'pedidos' }),
    );
    await simControl(sim, `/templates/${simId}/review`, { action: 'pause' });
    await expect(
      sendTemplateMessage(
        testbed.deps,
        agent,
        orderReady({ phone: '+52 55 6666 0001' }, { inboxCategory: 'cobranza' }),
      ),
    ).rejects.toMatchObject({ code: 'TEMPLATE_PAUSED' });
    await reply(orgId, '5215566660001');
    expect((await conversationRow(accepted.message.conversationId)).category).toBe('pedidos');
  });

  it('applies to a reply within 72 hours of the send, not to a message the customer starts later', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const recent = await earlier(71 * HOUR, () =>
      sendTemplateMessage(
        testbed.deps,
        agent,
        orderReady({ phone: '+52 55 6666 0002' }, { inboxCategory: 'pedidos' }),
      ),
    );
    const old = await earlier(73 * HOUR, () =>
      sendTemplateMessage(
        testbed.deps,
        agent,
        orderReady({ phone: '+52 55 6666 0003' }, { inboxCategory: 'pedidos' }),
      ),
    );

    await reply(orgId, '5215566660002');
    await reply(orgId, '5215566660003', 'Hola, otra consulta');

    expect((await conversationRow(recent.message.conversationId)).category).toBe('pedidos');
    expect((await conversationRow(old.message.conversationId)).category).toBeNull();
    const categorized = await eventsOf(orgId, INBOX_EVENTS.conversationCategorized);
    expect(categorized.map((e) => e.data.conversationId)).toEqual([recent.message.conversationId]);
  });
});

describe("WhatsApp's wa_id for the person", () => {
  it('is adopted by a new contact, so the reply from it lands in the same conversation', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    // Our guess for Belo Horizonte (area 31) drops the ninth digit; this user's WhatsApp has it.
    await simControl(sim, '/customers/553187654321/wa-id', { waId: '5531987654321' });

    const { message } = await sendTemplateMessage(
      testbed.deps,
      agent,
      orderReady({ phone: '+55 31 98765-4321' }, { inboxCategory: 'pedidos' }),
    );
    expect((await sent(sim))[0].body.to).toBe('553187654321');
    expect((await contactsOf(orgId)).map((c) => c.waId)).toEqual(['5531987654321']);
    expect((await conversationRow(message.conversationId)).waId).toBe('5531987654321');

    const [received] = await reply(orgId, '5531987654321');
    expect(received).toMatchObject({ stored: true, conversationId: message.conversationId });
    expect(await contactsOf(orgId)).toHaveLength(1);
    expect((await conversationRow(message.conversationId)).category).toBe('pedidos');
    const [updated] = await eventsOf(orgId, INBOX_EVENTS.contactUpdated);
    expect(updated.data).toEqual({ waId: '5531987654321', changes: ['waId'], actorId: null });

    // A send by phone afterwards finds the same person under either spelling.
    const again = await sendTemplateMessage(testbed.deps, agent, orderReady({ phone: '+55 31 98765-4321' }));
    expect(again.message.conversationId).toBe(message.conversationId);
  });

  it('is not taken when another contact already has it', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const conversation = await openConversation(orgId, { waId: '553187650000' });
    await reply(orgId, '5531987650000'); // the same person, known twice already
    await simControl(sim, '/customers/553187650000/wa-id', { waId: '5531987650000' });

    await sendTemplateMessage(testbed.deps, agent, orderReady({ conversationId: conversation.id }));

    expect((await conversationRow(conversation.id)).waId).toBe('553187650000');
    expect((await contactsOf(orgId)).map((c) => c.waId).sort()).toEqual(['553187650000', '5531987650000']);
  });
});

describe('a retry with the same Idempotency-Key', () => {
  it('is answered with the first message by replay_only, without sending, whatever the template became', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    const simId = await seedOrderReady(sim);
    const input = orderReady(
      { phone: '+52 55 6666 0004' },
      { idempotencyKey: 'retry-1', inboxCategory: 'a' },
    );
    const first = await sendTemplateMessage(testbed.deps, agent, input);
    await simControl(sim, `/templates/${simId}/review`, { action: 'pause' });

    const replayOnly = (extra: Partial<SendTemplateMessageInput>) =>
      sendTemplateMessage(testbed.deps, agent, {
        phone: '+52 1 55 6666 0004',
        template: { id: '', name: 'order_ready', language: '', category: '' },
        componentsJson: '',
        renderedText: '',
        idempotencyKey: 'retry-1',
        replayOnly: true,
        ...extra,
      });
    await expect(replayOnly({})).resolves.toEqual(first);
    expect(await sent(sim)).toHaveLength(1);

    await expect(replayOnly({ idempotencyKey: 'never-used' })).rejects.toMatchObject({
      kind: 'not_found',
      code: 'IDEMPOTENCY_KEY_UNUSED',
    });
    await expect(
      replayOnly({ template: { id: '', name: 'other', language: '', category: '' } }),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    await expect(replayOnly({ phone: '+52 55 6666 0999' })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    await expect(replayOnly({ idempotencyKey: '' })).rejects.toMatchObject({
      kind: 'invalid',
      fields: [{ path: 'idempotencyKey' }],
    });
    expect(await contactsOf(orgId)).toHaveLength(1);
  });

  it("is the same send when only the templates service's labels changed (inbox category, category)", async () => {
    const { sim, agent } = await orgWithSimulator();
    const input = orderReady(
      { phone: '+52 55 6666 0005' },
      { idempotencyKey: 'retry-2', inboxCategory: 'a' },
    );
    const first = await sendTemplateMessage(testbed.deps, agent, input);

    const relabelled = orderReady(
      { phone: '+52 55 6666 0005' },
      { idempotencyKey: 'retry-2', inboxCategory: 'b', category: 'MARKETING' },
    );
    await expect(sendTemplateMessage(testbed.deps, agent, relabelled)).resolves.toEqual(first);
    expect(await sent(sim)).toHaveLength(1);
    await expect(
      sendTemplateMessage(testbed.deps, agent, { ...input, renderedText: 'Hola Ana, otro texto' }),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });
});
