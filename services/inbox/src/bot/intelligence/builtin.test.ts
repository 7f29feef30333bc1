import { BuiltinIntelligence } from './builtin';
import { modelConfig } from './testing/model-config';

const intelligence = new BuiltinIntelligence();

describe('BuiltinIntelligence.recognizeIntent', () => {
  it('recognizes an intent from its examples, worded otherwise, and the customer’s language', async () => {
    const result = await intelligence.recognizeIntent(modelConfig(), 'Hola, ¿a que hora abren mañana?');
    expect(result).toMatchObject({ intent: { name: 'horario' }, language: 'es', engine: 'builtin' });
    expect(result.confidence).toBeGreaterThan(0.3);
    const english = await intelligence.recognizeIntent(modelConfig(), 'hi, where is my order?');
    expect(english).toMatchObject({ intent: { name: 'estado_pedido' }, language: 'en' });
  });

  it('recognizes nothing below the thresholds, still reporting the best score', async () => {
    const result = await intelligence.recognizeIntent(modelConfig(), 'me gusta mucho el futbol');
    expect(result.intent).toBeNull();
    expect(result.confidence).toBeLessThan(0.3);
  });

  it('recognizes nothing when the organization has no intents', async () => {
    // Another organization: a configuration never changes within a version, so models are cached by it.
    const result = await intelligence.recognizeIntent(
      modelConfig({ orgId: 2, settings: { intents: [] } }),
      'hola',
    );
    expect(result).toEqual({ intent: null, confidence: 0, language: 'es', engine: 'builtin' });
  });

  it('answers from the new examples once the configuration version grows', async () => {
    const orgId = 71;
    const text = 'quiero cambiar mi contraseña';
    expect((await intelligence.recognizeIntent(modelConfig({ orgId }), text)).intent).toBeNull();
    const withPassword = modelConfig({
      orgId,
      version: 2,
      settings: {
        intents: [
          ...modelConfig().settings.intents,
          {
            name: 'contrasena',
            examples: ['olvidé mi contraseña', 'cambiar la contraseña'],
            answer: { type: 'text', text: 'Entra a /reset' },
          },
        ],
      },
    });
    expect((await intelligence.recognizeIntent(withPassword, text)).intent?.name).toBe('contrasena');
  });
});

describe('BuiltinIntelligence.classifyCategory', () => {
  it('takes the category of the latest confident message, past a greeting and an "ok"', async () => {
    const result = await intelligence.classifyCategory(modelConfig(), [
      'hola buenas tardes',
      'me cobraron dos veces la compra',
      'ok',
    ]);
    expect(result).toMatchObject({ category: 'Facturación', engine: 'builtin' });
  });

  it('learns from the examples of intents leading to a category, and from names and descriptions', async () => {
    const config = modelConfig();
    expect((await intelligence.classifyCategory(config, ['hi, where is my order?'])).category).toBe('Envíos');
    expect(
      (await intelligence.classifyCategory(config, ['el producto salió defectuoso, quiero la garantía']))
        .category,
    ).toBe('Garantías');
  });

  it('gives no category to unrelated text, to no text, and without categories', async () => {
    expect((await intelligence.classifyCategory(modelConfig(), ['jajaja', '👍'])).category).toBeNull();
    expect(await intelligence.classifyCategory(modelConfig(), ['  '])).toEqual({
      category: null,
      confidence: 0,
      engine: 'builtin',
    });
    const none = modelConfig({ orgId: 3, categories: { data: [] } });
    expect((await intelligence.classifyCategory(none, ['me cobraron dos veces'])).category).toBeNull();
  });
});

describe('BuiltinIntelligence.summarize', () => {
  it('writes the extractive summary in the customer’s language', async () => {
    const summary = await intelligence.summarize({
      language: 'en',
      transcript: [{ from: 'customer', text: 'I was charged twice for order 4821', at: new Date() }],
      reason: 'requested',
      category: 'Facturación',
      previousSummary: null,
    });
    expect(summary.source).toBe('builtin');
    expect(summary.summary).toContain('4821');
  });
});
