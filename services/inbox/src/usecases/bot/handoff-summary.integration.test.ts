import { openForTestFile } from '@inbox/platform/testing';
import { botConversationState } from '../../db/schema';
import { makeMessage } from '../../testing/conversation-builders';
import { eventsOf, failure, organizations, storedConversation } from '../../testing/conversation-test-kit';
import { createInboxTestbed } from '../../testing/testbed';
import { previewHandoffSummary, TRANSCRIPT_LINES, transcriptOf } from './handoff-summary';

const tb = openForTestFile(createInboxTestbed);
const org = organizations(tb, 9300);

const at = (minute: number) => new Date(Date.UTC(2026, 4, 10, 12, minute));

describe('transcriptOf', () => {
  it('reads customer, bot and agent lines oldest first, media as a word, leaving out what nobody saw', async () => {
    const o = org();
    const c = await o.make();
    const db = tb.deps.db;
    await makeMessage(db, c, { text: 'Hola, mi pedido no llegó', createdAt: at(1) });
    await makeMessage(db, c, {
      direction: 'outbound',
      sender: 'bot',
      text: '¿Número de pedido?',
      createdAt: at(2),
    });
    await makeMessage(db, c, { type: 'image', text: null, mediaCaption: 'la caja rota', createdAt: at(3) });
    await makeMessage(db, c, { type: 'audio', text: null, createdAt: at(4) });
    await makeMessage(db, c, { type: 'reaction', text: null, reaction: '👍', createdAt: at(5) });
    await makeMessage(db, c, { text: 'insulto', hidden: true, createdAt: at(6) });
    await makeMessage(db, c, {
      direction: 'outbound',
      text: 'never sent',
      status: 'FAILED',
      createdAt: at(7),
    });
    await makeMessage(db, c, { direction: 'outbound', sender: 'agent', text: 'Lo reviso', createdAt: at(8) });
    await makeMessage(db, c, { direction: 'outbound', sender: 'campaign', text: 'Oferta', createdAt: at(9) });

    expect(await transcriptOf(tb.deps, o.orgId, c.id, null)).toEqual([
      { from: 'customer', text: 'Hola, mi pedido no llegó', at: at(1) },
      { from: 'bot', text: '¿Número de pedido?', at: at(2) },
      { from: 'customer', text: '[image] la caja rota', at: at(3) },
      { from: 'customer', text: '[audio]', at: at(4) },
      { from: 'agent', text: 'Lo reviso', at: at(8) },
      { from: 'agent', text: 'Oferta', at: at(9) },
    ]);
    expect((await transcriptOf(tb.deps, o.orgId, c.id, at(8))).map((l) => l.text)).toEqual([
      'Lo reviso',
      'Oferta',
    ]);
    // Another organization reads nothing of it.
    expect(await transcriptOf(tb.deps, o.orgId + 1000, c.id, null)).toEqual([]);
  });

  it('keeps the latest lines only', async () => {
    const o = org();
    const c = await o.make();
    const total = TRANSCRIPT_LINES + 5;
    for (let i = 0; i < total; i++)
      await makeMessage(tb.deps.db, c, {
        text: `line ${i}`,
        createdAt: new Date(at(0).getTime() + i * 1000),
      });
    const lines = await transcriptOf(tb.deps, o.orgId, c.id, null);
    expect(lines).toHaveLength(TRANSCRIPT_LINES);
    expect(lines[0].text).toBe('line 5');
    expect(lines.at(-1)?.text).toBe(`line ${total - 1}`);
  });
});

describe('generate-handoff-summary', () => {
  it('summarizes the bot’s context in the customer’s language and saves nothing', async () => {
    const o = org();
    const c = await o.make({
      status: 'HUMAN_HANDLING',
      assignedTo: o.me,
      category: 'Envíos',
      handoffSummary: 'Cliente frecuente',
    });
    const db = tb.deps.db;
    await makeMessage(db, c, { text: 'Old topic before the return to the bot', createdAt: at(1) });
    await db
      .insert(botConversationState)
      .values({ conversationId: c.id, orgId: o.orgId, contextSince: at(5) });
    await makeMessage(db, c, { text: 'Hola, mi pedido 48213 no ha llegado', createdAt: at(6) });
    await makeMessage(db, c, { text: 'escríbanme a ana@example.com', createdAt: at(7) });
    const before = await storedConversation(tb, c.id);

    const preview = await previewHandoffSummary(tb.deps, o.agent, c.id);
    expect(preview.source).toBe('builtin');
    expect(preview.generatedAt).toBeInstanceOf(Date);
    expect(preview.summary).toContain('48213');
    expect(preview.summary).toContain('ana@example.com');
    expect(preview.summary).toContain('Envíos');
    expect(preview.summary).toContain('Cliente frecuente');
    expect(preview.summary).not.toContain('Old topic');

    expect(await storedConversation(tb, c.id)).toEqual(before);
    expect(await eventsOf(tb, o.orgId)).toEqual([]);
  });

  it('answers 404 for another organization’s conversation', async () => {
    const o = org();
    const theirs = await org().make();
    expect(await failure(previewHandoffSummary(tb.deps, o.agent, theirs.id))).toMatchObject({
      kind: 'not_found',
    });
  });
});
