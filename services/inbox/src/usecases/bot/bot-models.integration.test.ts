import { DEFAULT_BOT_SETTINGS, DEFAULT_ROUTING_RULES } from '@inbox/contracts';
import { openForTestFile } from '@inbox/platform/testing';
import { BuiltinIntelligence } from '../../bot/intelligence/builtin';
import { ModelCache } from '../../bot/intelligence/models';
import { STORE_CATEGORIES, STORE_INTENTS } from '../../bot/intelligence/testing/model-config';
import { createInboxTestbed } from '../../testing/testbed';
import { loadBotConfig, putBotCategories, putBotSettings, putRoutingRules } from './bot-config';

/** The built-in intelligence with its model cache in sight: which trainings a PUT starts. */
let models: ModelCache;
const tb = openForTestFile(async () => {
  const testbed = await createInboxTestbed();
  models = new ModelCache();
  testbed.deps.intelligence = new BuiltinIntelligence(models);
  return testbed;
});

let lastOrg = 9900;
const json = (document: unknown) => JSON.stringify(document);

describe('training the bot’s models at PUT', () => {
  it('starts training the new version’s classifiers when the settings or categories are saved, not at the next message', async () => {
    const orgId = ++lastOrg;
    const admin = tb.caller(orgId, 'ADMIN');
    const before = models.trainings;
    await putBotCategories(tb.deps, admin, json(STORE_CATEGORIES));
    await putBotSettings(tb.deps, admin, json({ ...DEFAULT_BOT_SETTINGS, intents: STORE_INTENTS }));
    // Both classifiers for each of the two versions, started before the PUT answered.
    expect(models.trainings - before).toBe(4);

    const config = await loadBotConfig(tb.deps.db, orgId);
    const intent = await tb.deps.intelligence.recognizeIntent(config, '¿a qué hora abren el sábado?');
    const category = await tb.deps.intelligence.classifyCategory(config, ['me cobraron dos veces']);
    expect(intent.intent?.name).toBe('horario');
    expect(category.category).toBe('Facturación');
    expect(models.trainings - before).toBe(4);
  });

  it('trains nothing for a routing change: the examples are the same', async () => {
    const orgId = ++lastOrg;
    const admin = tb.caller(orgId, 'ADMIN');
    await putBotCategories(tb.deps, admin, json(STORE_CATEGORIES));
    await putBotSettings(tb.deps, admin, json({ ...DEFAULT_BOT_SETTINGS, intents: STORE_INTENTS }));
    const trained = models.trainings;
    await putRoutingRules(tb.deps, admin, json({ ...DEFAULT_ROUTING_RULES, agentCapacity: 3 }));
    const config = await loadBotConfig(tb.deps.db, orgId);
    expect(config.version).toBe(3);
    await tb.deps.intelligence.prepare(config);
    expect((await tb.deps.intelligence.recognizeIntent(config, 'where is my order')).intent?.name).toBe(
      'estado_pedido',
    );
    expect(models.trainings).toBe(trained);
  });
});
