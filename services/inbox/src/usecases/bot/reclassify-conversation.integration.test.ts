import { openForTestFile } from '@inbox/platform/testing';
import { makeMessage } from '../../testing/conversation-builders';
import { eventsOf, failure, organizations, storedConversation } from '../../testing/conversation-test-kit';
import { createInboxTestbed } from '../../testing/testbed';
import { putBotCategories } from './bot-config';
import { reclassifyConversation } from './reclassify-conversation';

const tb = openForTestFile(createInboxTestbed);
const org = organizations(tb, 9200);

const CATEGORIES = {
  data: [
    {
      name: 'Facturación',
      description: 'invoices and payments',
      examples: [
        'Necesito la factura de mi compra',
        'No me llegó la factura electrónica',
        'Me cobraron dos veces en la tarjeta',
        'I need an invoice for my order',
        'I was charged twice on my card',
      ],
    },
    {
      name: 'Envíos',
      description: 'deliveries and shipping',
      examples: [
        '¿Dónde está mi pedido? No ha llegado',
        'El paquete no ha llegado todavía',
        'Quiero rastrear mi envío',
        'Where is my package? It has not arrived',
        'I want to track my shipment',
      ],
    },
  ],
};

const orgWithCategories = async () => {
  const o = org();
  await putBotCategories(tb.deps, o.admin, JSON.stringify(CATEGORIES));
  return o;
};

describe('re-classify one conversation', () => {
  it('gives it the category its customer messages fit, with source ai and the confidence', async () => {
    const o = await orgWithCategories();
    const c = await o.make({ category: 'Old', categorySource: 'agent' });
    await makeMessage(tb.deps.db, c, { text: 'hola buenas tardes' });
    await makeMessage(tb.deps.db, c, {
      direction: 'outbound',
      sender: 'bot',
      text: 'No ha llegado el paquete?',
    });
    await makeMessage(tb.deps.db, c, { text: 'necesito la factura de la compra de ayer por favor' });

    const result = await reclassifyConversation(tb.deps, o.agent, c.id);
    expect(result).toMatchObject({
      category: 'Facturación',
      source: 'ai',
      previousCategory: 'Old',
      engine: 'builtin',
    });
    expect(result.confidence).toBeGreaterThan(0);
    expect(await storedConversation(tb, c.id)).toMatchObject({
      category: 'Facturación',
      categorySource: 'ai',
      categoryConfidence: result.confidence,
    });
    expect(await eventsOf(tb, o.orgId)).toEqual([
      {
        type: 'conversation.categorized',
        data: expect.objectContaining({
          conversationId: c.id,
          category: 'Facturación',
          previous: 'Old',
          source: 'ai',
          confidence: result.confidence,
          actorId: o.me,
        }),
      },
    ]);

    // Asked again: the same answer, nothing changes and nothing more is recorded.
    expect(await reclassifyConversation(tb.deps, o.agent, c.id)).toMatchObject({
      category: 'Facturación',
      previousCategory: 'Facturación',
    });
    expect(await eventsOf(tb, o.orgId)).toHaveLength(1);
  });

  it('leaves the conversation as it was when no category fits (or none is configured)', async () => {
    const o = await orgWithCategories();
    const c = await o.make({ category: 'Kept', categorySource: 'agent' });
    await makeMessage(tb.deps.db, c, { text: 'zxqv wplk' });
    expect(await reclassifyConversation(tb.deps, o.agent, c.id)).toMatchObject({
      category: null,
      source: 'ai',
      previousCategory: 'Kept',
    });
    const silent = await o.make();
    expect((await reclassifyConversation(tb.deps, o.agent, silent.id)).category).toBeNull();

    const bare = org();
    const unconfigured = await bare.make();
    await makeMessage(tb.deps.db, unconfigured, { text: 'necesito la factura' });
    expect(await reclassifyConversation(tb.deps, bare.agent, unconfigured.id)).toMatchObject({
      category: null,
      previousCategory: null,
    });
    expect(await storedConversation(tb, c.id)).toMatchObject({ category: 'Kept', categorySource: 'agent' });
    expect(await eventsOf(tb, o.orgId)).toEqual([]);
    expect(await eventsOf(tb, bare.orgId)).toEqual([]);
  });

  it('answers 404 for another organization’s conversation', async () => {
    const o = await orgWithCategories();
    const theirs = await org().make();
    expect(await failure(reclassifyConversation(tb.deps, o.agent, theirs.id))).toMatchObject({
      kind: 'not_found',
    });
  });
});
