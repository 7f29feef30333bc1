import { ModelCache } from './models';
import { modelConfig } from './testing/model-config';

const best = (cache: ModelCache, config: ReturnType<typeof modelConfig>, text: string) =>
  cache.modelsFor(config).intents.rank(text)[0]?.label;

describe('ModelCache', () => {
  it('keeps the models of one configuration version', () => {
    const cache = new ModelCache();
    const config = modelConfig();
    expect(cache.modelsFor(config)).toBe(cache.modelsFor(config));
  });

  it('retrains when the version grows, and only then', () => {
    const cache = new ModelCache();
    expect(best(cache, modelConfig({ version: 1 }), 'a qué hora abren')).toBe('horario');
    const renamed = (version: number) =>
      modelConfig({
        version,
        settings: {
          intents: [{ name: 'horarios', examples: ['a qué hora abren'], answer: { type: 'handoff' } }],
        },
      });
    // Same version, other content: a configuration is immutable per version, the cached model answers.
    expect(best(cache, renamed(1), 'a qué hora abren')).toBe('horario');
    expect(best(cache, renamed(2), 'a qué hora abren')).toBe('horarios');
    // A stale read of version 1 gets version 1's model without displacing version 2's.
    expect(best(cache, modelConfig({ version: 1 }), 'a qué hora abren')).toBe('horario');
    expect(best(cache, renamed(2), 'a qué hora abren')).toBe('horarios');
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
