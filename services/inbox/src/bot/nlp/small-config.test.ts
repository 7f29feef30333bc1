import type { BotLanguage } from '@inbox/contracts';
import { accept, trainClassifier, type LabelledText } from './classifier';
import { loadDataset, type LabelledMessage } from './dataset';

/*
 * Organizations configure the bot with a few intents (3–10) and a few examples each (3–6), not
 * with the dataset's 22 intents × 25 examples. With so little text, the words every message has
 * ("quiero", "mi", "I need") weigh as much as the ones that tell intents apart, and a message that
 * shares only those with an example was taken for it. These configurations are drawn from the
 * dataset, deterministically: the examples from its train split, the messages from its test split.
 */

const { messages, outOfScope } = loadDataset();
const INTENTS = [...new Set(messages.map((m) => m.intent))].sort();
const MIXES: BotLanguage[][] = [['es'], ['en'], ['pt'], ['es', 'en'], ['es', 'pt'], ['es', 'en', 'pt']];
const CONFIGS = 36;

/** mulberry32: a small seeded generator, so that every run draws the same configurations. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], next: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

interface SmallConfig {
  examples: LabelledText[];
  /** Held-out messages of the configured intents. */
  configured: LabelledMessage[];
  /** Messages of intents the organization did not configure: any answer to them is wrong. */
  unconfigured: LabelledMessage[];
  /** The unconfigured ones whose category has no configured intent (not a near neighbour of one). */
  unrelatedCategory: LabelledMessage[];
  outOfScope: string[];
}

/** Configuration `seed`: 3 to 8 intents, 3 to 6 examples each, in one to three languages. */
function smallConfig(seed: number): SmallConfig {
  const next = random(seed + 1);
  const languages = MIXES[seed % MIXES.length];
  const inLanguage = (m: { language: BotLanguage }) => languages.includes(m.language);
  const chosen = new Set(shuffled(INTENTS, next).slice(0, 3 + (seed % 6)));
  const perIntent = 3 + (seed % 4);
  const examples = [...chosen].flatMap((intent) =>
    shuffled(
      messages.filter((m) => m.split === 'train' && m.intent === intent && inLanguage(m)),
      next,
    )
      .slice(0, perIntent)
      .map((m) => ({ label: m.intent, text: m.text })),
  );
  const test = messages.filter((m) => m.split === 'test' && inLanguage(m));
  const categories = new Set(test.filter((m) => chosen.has(m.intent)).map((m) => m.category));
  const unconfigured = test.filter((m) => !chosen.has(m.intent));
  return {
    examples,
    configured: test.filter((m) => chosen.has(m.intent)),
    unconfigured,
    unrelatedCategory: unconfigured.filter((m) => !categories.has(m.category)),
    outOfScope: outOfScope.filter(inLanguage).map((m) => m.text),
  };
}

interface Tally {
  total: number;
  accepted: number;
  right: number;
}

function tally(): Tally {
  return { total: 0, accepted: 0, right: 0 };
}

function measure(configs: SmallConfig[]) {
  const result = {
    configured: tally(),
    unconfigured: tally(),
    unrelatedCategory: tally(),
    outOfScope: tally(),
  };
  for (const config of configs) {
    const classifier = trainClassifier(config.examples);
    const count = (into: Tally, text: string, expected: string | null) => {
      const best = accept(classifier.rank(text));
      into.total++;
      if (best) into.accepted++;
      if (best && best.label === expected) into.right++;
    };
    for (const m of config.configured) count(result.configured, m.text, m.intent);
    for (const m of config.unconfigured) count(result.unconfigured, m.text, null);
    for (const m of config.unrelatedCategory) count(result.unrelatedCategory, m.text, null);
    for (const text of config.outOfScope) count(result.outOfScope, text, null);
  }
  const share = (t: Tally, n: number) => n / t.total;
  return {
    acceptedRight: share(result.configured, result.configured.right),
    acceptedWrong: share(result.configured, result.configured.accepted - result.configured.right),
    unconfiguredAccepted: share(result.unconfigured, result.unconfigured.accepted),
    unrelatedCategoryAccepted: share(result.unrelatedCategory, result.unrelatedCategory.accepted),
    outOfScopeAccepted: share(result.outOfScope, result.outOfScope.accepted),
  };
}

/** The store of the intelligence tests (intelligence/testing/model-config.ts), as an Admin wrote it. */
const STORE_INTENTS: LabelledText[] = [
  [
    'horario',
    [
      'a qué hora abren',
      'cuál es su horario',
      'abren los domingos?',
      'what time do you open',
      'opening hours',
    ],
  ],
  [
    'estado_pedido',
    [
      'dónde está mi pedido',
      'ya enviaron mi orden?',
      'mi paquete no ha llegado',
      'where is my order',
      'my package has not arrived',
    ],
  ],
  [
    'factura',
    [
      'necesito mi factura',
      'me pueden facturar la compra',
      'quiero la factura de mi pedido',
      'I need an invoice',
    ],
  ],
].flatMap(([label, texts]) => (texts as string[]).map((text) => ({ label: label as string, text })));

/**
 * Every category but "general" (talking to a person) with 5 Spanish examples from the dataset; its
 * "necesito programar una visita técnica" and "puedo agendar por aquí?" made "necesito un agente"
 * an appointment.
 */
function categoriesWithoutPeople(): LabelledText[] {
  const categories = [...new Set(messages.map((m) => m.category))].filter((c) => c !== 'general');
  return categories.flatMap((category) =>
    messages
      .filter((m) => m.split === 'train' && m.language === 'es' && m.category === category)
      .slice(5, 10)
      .map((m) => ({ label: category, text: m.text })),
  );
}

describe('the classifier with small configurations (3–8 intents, 3–6 examples each)', () => {
  const figures = measure(Array.from({ length: CONFIGS }, (_, seed) => smallConfig(seed)));

  /*
   * Measured (36 configurations): before stop words were left out of the similarity, 52 % of the
   * configured intents' messages were accepted right, 7.9 % wrong, 24 % of other intents' messages
   * (25 % of other categories') and 11 % of unrelated ones accepted. After: 47 % right, 4.2 %
   * wrong, 12 % (11 %), 2.2 %. The best
   * label is the right one for only 72 % of them: 3–6 examples cannot foresee every wording, and the
   * fallback message is better than a wrong answer.
   */
  it('accepts about half of the configured intents’ messages, rarely a wrong one', () => {
    expect(figures.acceptedRight).toBeGreaterThanOrEqual(0.45);
    expect(figures.acceptedWrong).toBeLessThanOrEqual(0.06);
  });

  it('rarely accepts a message of an intent the organization did not configure', () => {
    // Some are close neighbours of a configured one ("reschedule" for "book an appointment").
    expect(figures.unconfiguredAccepted).toBeLessThanOrEqual(0.15);
    expect(figures.unrelatedCategoryAccepted).toBeLessThanOrEqual(0.15);
  });

  it('almost never accepts an unrelated message', () => {
    expect(figures.outOfScopeAccepted).toBeLessThanOrEqual(0.05);
  });

  it('does not take a message for an intent whose examples share only "quiero" and "mi" with it', () => {
    const classifier = trainClassifier(STORE_INTENTS);
    expect(accept(classifier.rank('quiero cambiar mi contraseña'))).toBeNull();
    expect(accept(classifier.rank('quiero la factura de mi compra'))?.label).toBe('factura');
    expect(accept(classifier.rank('¿a qué hora abren mañana?'))?.label).toBe('horario');
  });

  it.each(['quiero hablar con un asesor por favor', 'necesito un agente'])(
    'does not take "%s" for a category none of whose examples is about it',
    (text) => {
      const classifier = trainClassifier(categoriesWithoutPeople());
      expect(accept(classifier.rank(text))).toBeNull();
    },
  );
});
