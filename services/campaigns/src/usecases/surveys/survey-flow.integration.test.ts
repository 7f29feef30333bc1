import { asc, eq } from 'drizzle-orm';
import { CAMPAIGNS_EVENTS, INBOX_EVENTS } from '@inbox/contracts';
import { recordedEvents } from '@inbox/platform/testing';
import { surveyAnswers, type StoredQuestion } from '../../db/schema';
import {
  buttonTap,
  messagesValue,
  newPhone,
  newWamid,
  providerMessagesEvent,
  recipientRow,
  replyTap,
  sentCampaign,
  textMessage,
} from '../../testing/status-builders';
import { createCampaignsTestbed, openForTestFile, type OrgWithChannel } from '../../testing/testbed';
import { recordReply, type MessageReceived } from '../replies/record-reply';

const bed = openForTestFile(() => createCampaignsTestbed());

const QUESTIONS: StoredQuestion[] = [
  { text: '¿Qué tal tu última compra?', options: ['Buena', 'Regular', 'Mala'] },
  { text: '¿Nos recomendarías?', options: ['Sí', 'No'] },
  { text: '¿Algo más que quieras contarnos?', options: [] },
];

async function until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The customer writes: the webhook reaches the bus as the gateway publishes it, and the simulator knows the window is open. */
async function customerSends(org: OrgWithChannel, waId: string, message: Record<string, unknown>) {
  org.sim.state.noteInbound(waId, Date.now(), 'Ana');
  const value = messagesValue(org.phoneNumberId, {
    contacts: [{ profile: { name: 'Ana' }, wa_id: waId }],
    messages: [message],
  });
  await bed.bus.publish([providerMessagesEvent(org.wabaId, value)]);
}

const sentTo = (org: OrgWithChannel, waId: string) => org.sim.state.sent.filter((s) => s.to === waId);

const answersOf = (recipientId: string) =>
  bed.deps.db
    .select()
    .from(surveyAnswers)
    .where(eq(surveyAnswers.recipientId, recipientId))
    .orderBy(asc(surveyAnswers.questionIndex));

describe('a survey answered through the inbox', () => {
  it('asks each question after the previous answer, records every answer once, and completes', async () => {
    const org = await bed.orgWithChannel();
    const person = newPhone();
    const wamid = newWamid();
    const campaign = await sentCampaign(bed.deps.db, {
      orgId: org.orgId,
      phoneNumberId: org.phoneNumberId,
      kind: 'SURVEY',
      questions: QUESTIONS,
      recipients: [{ ...person, providerMessageId: wamid, status: 'DELIVERED' }],
    });
    const [recipientId] = campaign.recipientIds;

    // Question 0: the template's quick-reply button.
    const tap = buttonTap(person.waId, 'Buena', wamid, 'BUENA');
    await customerSends(org, person.waId, tap);
    const [second] = await until(
      () => sentTo(org, person.waId),
      (sent) => sent.length === 1,
    );
    expect(second.type).toBe('interactive');
    expect(second.body.interactive).toMatchObject({
      type: 'button',
      body: { text: QUESTIONS[1].text },
      action: {
        buttons: [
          { type: 'reply', reply: { id: 'q1:0', title: 'Sí' } },
          { type: 'reply', reply: { id: 'q1:1', title: 'No' } },
        ],
      },
    });
    expect(await recipientRow(bed.deps.db, recipientId)).toMatchObject({
      status: 'REPLIED',
      surveyQuestion: 1,
    });

    // The same webhook again (WhatsApp redelivers): nothing recorded or sent twice.
    await customerSends(org, person.waId, tap);

    // Question 1: a reply button of ours.
    await customerSends(org, person.waId, replyTap(person.waId, 'q1:0', 'Sí', second.wamid));
    const sent = await until(
      () => sentTo(org, person.waId),
      (all) => all.length >= 2,
    );
    expect(sent.slice(1).map((s) => [s.type, s.body.text])).toEqual([['text', { body: QUESTIONS[2].text }]]);

    // Question 2: free text, the last one.
    await customerSends(org, person.waId, textMessage(person.waId, 'Todo excelente'));
    const done = await until(
      () => recipientRow(bed.deps.db, recipientId),
      (r) => r.surveyCompletedAt !== null,
    );
    expect(done).toMatchObject({ status: 'REPLIED', surveyQuestion: null });
    expect((await answersOf(recipientId)).map((a) => [a.questionIndex, a.answer, a.source])).toEqual([
      [0, 'Buena', 'button'],
      [1, 'Sí', 'interactive'],
      [2, 'Todo excelente', 'text'],
    ]);
    expect(sentTo(org, person.waId)).toHaveLength(2);
    const recorded = (await bed.recordedEvents()).filter(
      (e) => e.type === CAMPAIGNS_EVENTS.surveyResponseRecorded && e.data.recipientId === recipientId,
    );
    expect(recorded.map((e) => [e.data.questionIndex, e.data.completed])).toEqual([
      [0, false],
      [1, false],
      [2, true],
    ]);
    // The inbox shows the template's question in the conversation, then the questions it sent.
    const replied = (await bed.recordedEvents()).filter(
      (e) => e.type === CAMPAIGNS_EVENTS.recipientReplied && e.data.recipientId === recipientId,
    );
    expect(replied).toHaveLength(1);

    // The inbox's event of the first answer delivered again, late: nothing recorded, nothing sent.
    const [first] = (await recordedEvents(bed.deps.db, 'inbox')).filter(
      (e) => e.type === INBOX_EVENTS.messageReceived && e.data.providerMessageId === tap.id,
    );
    await recordReply(bed.deps, org.orgId, 'redelivery', first.data as MessageReceived);
    expect(await answersOf(recipientId)).toHaveLength(3);
    expect(sentTo(org, person.waId)).toHaveLength(2);
  });
});
