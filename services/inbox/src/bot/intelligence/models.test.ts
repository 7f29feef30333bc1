import { ModelCache } from './models';
import { modelConfig } from './testing/model-config';

const best = async (cache: ModelCache, config: ReturnType<typeof modelConfig>, text: string) =>
  (await cache.modelsFor(config).intents()).rank(text)[0]?.label;

const renamed = (version: number) =>
  modelConfig({
    version,
    settings: {
      intents: [{ name: 'horarios', examples: ['a qué hora abren'], answer: { type: 'handoff' } }],
    },
  });

describe('ModelCache', () => {
  it('keeps the models of one configuration version, trained once however many ask at once', async () => {
    const cache = new ModelCache();
    const config = modelConfig();
    expect(cache.modelsFor(config)).toBe(cache.modelsFor(config));
    const [a, b] = await Promise.all([cache.modelsFor(config).intents(), cache.modelsFor(config).intents()]);
    expect(a).toBe(b);
    expect(cache.trainings).toBe(1);
  });

  it('retrains when the version grows, and only then', async () => {
    const cache = new ModelCache();
    expect(await best(cache, modelConfig({ version: 1 }), 'a qué hora abren')).toBe('horario');
    // Same version, other content: a configuration is immutable per version, the cached model answers.
    expect(await best(cache, renamed(1), 'a qué hora abren')).toBe('horario');
    expect(await best(cache, renamed(2), 'a qué hora abren')).toBe('horarios');
    // A stale read of version 1 gets version 1's model without displacing version 2's.
    expect(await best(cache, modelConfig({ version: 1 }), 'a qué hora abren')).toBe('horario');
    expect(await best(cache, renamed(2), 'a qué hora abren')).toBe('horarios');
  });

  it('keeps the models of a new version whose examples are the same (a routing rule or a greeting changed)', async () => {
    const cache = new ModelCache();
    await cache.prepare(modelConfig({ version: 1 }));
    expect(cache.trainings).toBe(2);
    const greeting = modelConfig({ version: 2, settings: { greeting: 'Buenas' } });
    await cache.prepare(greeting);
    expect(cache.modelsFor(greeting).version).toBe(2);
    expect(cache.trainings).toBe(2);
    await cache.prepare(renamed(3));
    expect(cache.trainings).toBe(4);
  });

  it('prepares both classifiers, which later uses find trained', async () => {
    const cache = new ModelCache();
    const config = modelConfig();
    await cache.prepare(config);
    expect(await best(cache, config, 'a qué hora abren')).toBe('horario');
    await cache.modelsFor(config).categories();
    expect(cache.trainings).toBe(2);
  });

  it('holds at most maxOrganizations, evicting the least recently used', () => {
    const cache = new ModelCache({ maxOrganizations: 2, maxTrainingChars: Infinity });
    const one = cache.modelsFor(modelConfig({ orgId: 1 }));
    cache.modelsFor(modelConfig({ orgId: 2 }));
    cache.modelsFor(modelConfig({ orgId: 1 }));
    cache.modelsFor(modelConfig({ orgId: 3 }));
    expect(cache.size).toBe(2);
    expect(cache.modelsFor(modelConfig({ orgId: 1 }))).toBe(one);
  });

  it('evicts by training text too, but always keeps the organization just asked for', () => {
    const cache = new ModelCache({ maxOrganizations: 100, maxTrainingChars: 1 });
    for (let orgId = 1; orgId <= 50; orgId++) cache.modelsFor(modelConfig({ orgId }));
    expect(cache.size).toBe(1);
    const last = cache.modelsFor(modelConfig({ orgId: 50 }));
    expect(cache.modelsFor(modelConfig({ orgId: 50 }))).toBe(last);
  });
});
