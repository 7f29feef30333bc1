import { eq } from 'drizzle-orm';
import { newId, serviceCaller } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { conversations } from '../../db/schema';
import { HOUR, messagingFixture } from '../../testing/messaging-fixture';
import { sendMessage } from './send-message';

/** Survey questions: the campaigns service sends into the conversation its recipient answered in. */
const messaging = messagingFixture({ firstOrgId: 9801 });
const { orgWithSimulator, openConversation, sent, eventsOf } = messaging;
const testbed = openForTestFile(messaging.start);

const campaigns = (orgId: number) => serviceCaller('campaigns', orgId, newId());
const conversationRow = async (id: string) =>
  (await testbed.deps.db.select().from(conversations).where(eq(conversations.id, id)))[0];
const question = {
  type: 'button',
  body: '¿Cómo calificas la atención?',
  buttons: [
    { id: 'q1-0', title: 'Buena' },
    { id: 'q1-1', title: 'Mala' },
  ],
};

describe('a message the campaigns service sends (survey questions)', () => {
  it('is the campaign’s, once per idempotency key, and leaves a bot conversation with the bot', async () => {
    const { orgId, sim } = await orgWithSimulator();
    const conversation = await openConversation(orgId, { status: 'BOT_HANDLING', assignedTo: null });
    const input = {
      conversationId: conversation.id,
      type: 'interactive',
      interactiveJson: JSON.stringify(question),
      idempotencyKey: `survey:${newId()}:1`,
    };

    const message = await sendMessage(testbed.deps, campaigns(orgId), input);
    const again = await sendMessage(testbed.deps, campaigns(orgId), input);

    expect(message).toMatchObject({
      sender: 'campaign',
      senderUserId: null,
      direction: 'outbound',
      type: 'interactive',
      status: 'SENT',
    });
    expect(again.id).toBe(message.id);
    expect(await sent(sim)).toHaveLength(1);
    expect(await conversationRow(conversation.id)).toMatchObject({
      status: 'BOT_HANDLING',
      assignedTo: null,
      lastMessagePreview: '¿Cómo calificas la atención?',
      lastMessageDirection: 'outbound',
    });
    expect(await eventsOf(orgId, 'inbox.conversation.status_changed.v1')).toEqual([]);
    expect((await eventsOf(orgId, 'inbox.message.sent.v1')).map((e) => e.data)).toEqual([
      expect.objectContaining({ messageId: message.id, sender: 'campaign', senderUserId: null }),
    ]);
  });

  it('leaves an agent’s conversation as it was: no WAITING_FOR_CUSTOMER as an agent’s message would make it', async () => {
    const { orgId } = await orgWithSimulator();
    const conversation = await openConversation(orgId, { assignedTo: 'agent-1' });

    const message = await sendMessage(testbed.deps, campaigns(orgId), {
      conversationId: conversation.id,
      type: 'text',
      text: '¿Algo más que quieras contarnos?',
    });

    expect(message).toMatchObject({ sender: 'campaign', type: 'text', status: 'SENT' });
    expect(await conversationRow(conversation.id)).toMatchObject({
      status: 'HUMAN_HANDLING',
      assignedTo: 'agent-1',
    });
  });

  it('keeps the window rule, its own organization, and the campaigns service only', async () => {
    const { orgId, sim } = await orgWithSimulator();
    const other = await orgWithSimulator();
    const closed = await openConversation(orgId, { lastCustomerMessageAt: new Date(Date.now() - 25 * HOUR) });
    const open = await openConversation(orgId);
    const text = (conversationId: string) => ({ conversationId, type: 'text', text: 'Hola' });

    await expect(sendMessage(testbed.deps, campaigns(orgId), text(closed.id))).rejects.toMatchObject({
      kind: 'conflict',
      code: 'WINDOW_CLOSED',
    });
    await expect(sendMessage(testbed.deps, campaigns(other.orgId), text(open.id))).rejects.toMatchObject({
      kind: 'not_found',
    });
    await expect(
      sendMessage(testbed.deps, serviceCaller('templates', orgId, 'r'), text(open.id)),
    ).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(sendMessage(testbed.deps, campaigns(0), text(open.id))).rejects.toMatchObject({
      kind: 'forbidden',
    });
    expect(await sent(sim)).toEqual([]);
  });
});
