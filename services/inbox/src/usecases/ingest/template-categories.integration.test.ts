import { and, eq } from 'drizzle-orm';
import { INBOX_EVENTS } from '@inbox/contracts';
import type { CallerContext } from '@inbox/platform';
import { inboundMessageSchema, statusSchema } from '@inbox/whatsapp';
import { contacts, conversations } from '../../db/schema';
import { makeMessage } from '../../testing/conversation-builders';
import { HOUR, messagingFixture } from '../../testing/messaging-fixture';
import type { InboxTestbed } from '../../testing/testbed';
import { orderReady } from '../../testing/template-send-builders';
import { inbound, newWamid, statusReport, text } from '../../testing/webhook-builders';
import { sendTemplateMessage } from '../messages/send-template-message';
import { applyStatus } from './apply-status';
import { receiveMessages } from './receive-message';

/**
 * Which template's inbox category a customer's message gives its conversation: the template the
 * message quotes (its reply-to), whenever it was sent; otherwise the latest template WhatsApp
 * accepted, within 72 hours — unless a status webhook said that one failed.
 */

const messaging = messagingFixture({ firstOrgId: 9601 });
const { orgWithSimulator, openConversation, eventsOf } = messaging;
let testbed: InboxTestbed;
beforeAll(async () => {
  testbed = await messaging.start();
});
afterAll(() => messaging.stop());

const BUSINESS_NUMBER = '15550001111';

const conversationRow = async (id: string) =>
  (await testbed.deps.db.select().from(conversations).where(eq(conversations.id, id)))[0];
const contactRow = async (orgId: number, waId: string) =>
  (
    await testbed.deps.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.orgId, orgId), eq(contacts.waId, waId)))
  )[0];

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

/** A send of `order_ready` to the conversation, accepted by WhatsApp: answers its wamid. */
async function sendTemplate(agent: CallerContext, conversationId: string, inboxCategory?: string) {
  const { message } = await sendTemplateMessage(
    testbed.deps,
    agent,
    orderReady({ conversationId }, inboxCategory ? { inboxCategory } : {}),
  );
  expect(message.status).toBe('SENT');
  return message.providerMessageId!;
}

/** WhatsApp's `context` of a message that quotes (or answers a button of) the message `wamid`. */
const quoting = (wamid: string) => ({ context: { from: BUSINESS_NUMBER, id: wamid } });

/** The customers' messages as one webhook batch (the path the webhook consumer takes). */
const receive = (orgId: number, items: Array<Record<string, unknown>>) =>
  receiveMessages(
    testbed.deps,
    items.map((item) => ({ orgId, message: inboundMessageSchema.parse(item) })),
  );

const categorizedEvents = async (orgId: number) =>
  (await eventsOf(orgId, INBOX_EVENTS.conversationCategorized)).map((e) => e.data);

describe('a reply that quotes one of our template messages', () => {
  it("takes the quoted template's category even after a later template without one", async () => {
    const { orgId, agent } = await orgWithSimulator();
    const ana = await openConversation(orgId);
    const sales = await sendTemplate(agent, ana.id, 'Sales');
    await sendTemplate(agent, ana.id);

    await receive(orgId, [text(ana.waId, 'Sí, me interesa', quoting(sales))]);

    expect((await conversationRow(ana.id)).category).toBe('Sales');
    expect(await categorizedEvents(orgId)).toEqual([
      {
        conversationId: ana.id,
        waId: ana.waId,
        category: 'Sales',
        previous: null,
        source: 'template',
        actorId: null,
      },
    ]);
    expect(await contactRow(orgId, ana.waId)).toMatchObject({ pendingTemplateCategory: null });
  });

  it("wins over a later template's category; a quick-reply button or a reaction counts as a quote", async () => {
    const { orgId, agent } = await orgWithSimulator();
    const [ana, bruno, carla] = await Promise.all([1, 2, 3].map(() => openConversation(orgId)));
    const sales = new Map<string, string>();
    for (const { id, waId } of [ana, bruno, carla]) {
      sales.set(waId, await sendTemplate(agent, id, 'Sales'));
      await sendTemplate(agent, id, 'Support');
    }

    await receive(orgId, [
      text(ana.waId, 'Sobre la promoción', quoting(sales.get(ana.waId)!)),
      inbound(bruno.waId, 'button', { text: 'Me interesa', payload: 'YES' }, quoting(sales.get(bruno.waId)!)),
      inbound(carla.waId, 'reaction', { message_id: sales.get(carla.waId)!, emoji: '👍' }),
    ]);

    for (const { id } of [ana, bruno, carla]) expect((await conversationRow(id)).category).toBe('Sales');
  });

  it('applies however long ago the quoted template was sent (the quote says what the reply is about)', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const ana = await openConversation(orgId);
    const old = await earlier(30 * 24 * HOUR, () => sendTemplate(agent, ana.id, 'Sales'));

    await receive(orgId, [text(ana.waId, '¿Sigue vigente?', quoting(old))]);

    expect((await conversationRow(ana.id)).category).toBe('Sales');
  });

  it("decides even when it has no category: the later template's does not apply", async () => {
    const { orgId, agent } = await orgWithSimulator();
    const ana = await openConversation(orgId);
    const plain = await sendTemplate(agent, ana.id);
    await sendTemplate(agent, ana.id, 'Support');

    await receive(orgId, [text(ana.waId, 'Gracias', quoting(plain))]);

    expect((await conversationRow(ana.id)).category).toBeNull();
    expect(await categorizedEvents(orgId)).toEqual([]);
    // Her message was the reply the pending category waited for: it is settled, not kept.
    expect(await contactRow(orgId, ana.waId)).toMatchObject({ pendingTemplateCategory: null });
  });

  it('never replaces a category the conversation already has', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const ana = await openConversation(orgId, { category: 'Billing' });
    const sales = await sendTemplate(agent, ana.id, 'Sales');

    await receive(orgId, [text(ana.waId, 'Hola', quoting(sales))]);

    expect((await conversationRow(ana.id)).category).toBe('Billing');
    expect(await categorizedEvents(orgId)).toEqual([]);
  });

  it("counts only a template message of the customer's own chat", async () => {
    const { orgId, agent } = await orgWithSimulator();
    const ana = await openConversation(orgId);
    const bruno = await openConversation(orgId);
    const anasTemplate = await sendTemplate(agent, ana.id, 'Sales');

    await receive(orgId, [text(bruno.waId, 'Hola', quoting(anasTemplate))]);

    expect((await conversationRow(bruno.id)).category).toBeNull();
    expect(await contactRow(orgId, ana.waId)).toMatchObject({ pendingTemplateCategory: 'Sales' });
  });
});

describe('a reply that quotes anything else, or nothing', () => {
  it('takes the latest accepted template within 72 hours, as before, in the same batch as quotes', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const [ana, bruno, carla, dora] = await Promise.all([1, 2, 3, 4].map(() => openConversation(orgId)));
    const anaSales = await sendTemplate(agent, ana.id, 'Sales');
    await sendTemplate(agent, ana.id, 'Support');
    await sendTemplate(agent, bruno.id, 'Support');
    await sendTemplate(agent, carla.id, 'Support');
    const agentsText = await makeMessage(testbed.deps.db, carla, {
      direction: 'outbound',
      sender: 'agent',
      type: 'text',
      text: '¿Algo más?',
      status: 'SENT',
      providerMessageId: newWamid(),
    });
    await sendTemplate(agent, dora.id, 'Support');

    await receive(orgId, [
      text(ana.waId, 'Sobre la promoción', quoting(anaSales)),
      text(bruno.waId, 'Hola'),
      text(carla.waId, 'No, gracias', quoting(agentsText.providerMessageId!)),
      text(dora.waId, 'Hola', quoting(newWamid())), // a message this inbox never stored
    ]);

    expect((await conversationRow(ana.id)).category).toBe('Sales');
    expect((await conversationRow(bruno.id)).category).toBe('Support');
    expect((await conversationRow(carla.id)).category).toBe('Support');
    expect((await conversationRow(dora.id)).category).toBe('Support');
  });

  it('is settled by the first message; a later quote in the same batch still gives its category', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const ana = await openConversation(orgId);
    const sales = await sendTemplate(agent, ana.id, 'Sales');
    await sendTemplate(agent, ana.id);

    await receive(orgId, [text(ana.waId, 'Hola'), text(ana.waId, 'Sobre esto', quoting(sales))]);

    expect((await conversationRow(ana.id)).category).toBe('Sales');
  });
});

describe('a template send that a status webhook fails after WhatsApp accepted it', () => {
  const failed = (orgId: number, wamid: string) =>
    applyStatus(testbed.deps, {
      orgId,
      status: statusSchema.parse(
        statusReport(wamid, 'failed', new Date(), {
          errors: [{ code: 131026, title: 'Message undeliverable' }],
        }),
      ),
    });
  const sentReport = (orgId: number, wamid: string) =>
    applyStatus(testbed.deps, { orgId, status: statusSchema.parse(statusReport(wamid, 'sent', new Date())) });

  it('leaves no category for the reply, even when WhatsApp first reported it sent', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const ana = await openConversation(orgId);
    const bruno = await openConversation(orgId);
    const toAna = await sendTemplate(agent, ana.id, 'Sales');
    const toBruno = await sendTemplate(agent, bruno.id, 'Sales');
    await sentReport(orgId, toBruno);

    await expect(failed(orgId, toAna)).resolves.toMatchObject({ kind: 'advance', to: 'FAILED' });
    await expect(failed(orgId, toBruno)).resolves.toMatchObject({ kind: 'advance', to: 'FAILED' });

    for (const { waId } of [ana, bruno])
      expect(await contactRow(orgId, waId)).toMatchObject({
        pendingTemplateCategory: null,
        pendingTemplateSentAt: null,
      });
    await receive(orgId, [text(ana.waId, 'Hola'), text(bruno.waId, 'Hola')]);
    expect((await conversationRow(ana.id)).category).toBeNull();
    expect((await conversationRow(bruno.id)).category).toBeNull();
  });

  it('keeps the category of a later template when an earlier one fails', async () => {
    const { orgId, agent } = await orgWithSimulator();
    const ana = await openConversation(orgId);
    const first = await sendTemplate(agent, ana.id, 'Sales');
    await sendTemplate(agent, ana.id, 'Support');

    await failed(orgId, first);

    expect(await contactRow(orgId, ana.waId)).toMatchObject({ pendingTemplateCategory: 'Support' });
    await receive(orgId, [text(ana.waId, 'Hola')]);
    expect((await conversationRow(ana.id)).category).toBe('Support');
  });
});
