import { ACCEPT, accept, trainClassifier, type Scored } from './classifier';
import { loadDataset, type LabelledMessage } from './dataset';
import { figures } from './evaluation';

const { messages, outOfScope } = loadDataset();
const train = messages.filter((m) => m.split === 'train');
const test = messages.filter((m) => m.split === 'test');

function evaluate(key: 'intent' | 'category', rows: LabelledMessage[] = test) {
  const classifier = trainClassifier(train.map((m) => ({ label: m[key], text: m.text })));
  return figures(
    rows.map((m) => ({ expected: m[key], predicted: classifier.rank(m.text)[0]?.label ?? null })),
  );
}

describe('the dataset', () => {
  it('covers three languages, 15+ intents, 8+ categories, and a test split worded apart from train', () => {
    expect(messages.length).toBeGreaterThanOrEqual(420);
    expect(new Set(messages.map((m) => m.intent)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(messages.map((m) => m.category)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(messages.map((m) => m.language))).toEqual(new Set(['es', 'en', 'pt']));
    expect(test.length / messages.length).toBeGreaterThan(0.2);
    const seen = new Set(train.map((m) => m.text.toLowerCase()));
    expect(test.filter((m) => seen.has(m.text.toLowerCase()))).toEqual([]);
    const categoryOf = new Map(messages.map((m) => [m.intent, m.category]));
    expect(messages.filter((m) => categoryOf.get(m.intent) !== m.category)).toEqual([]);
  });
});

describe('trainClassifier on the dataset', () => {
  it('recognizes the intents of unseen messages', () => {
    const result = evaluate('intent');
    expect(result.accuracy).toBeGreaterThanOrEqual(0.85);
    expect(result.macroF1).toBeGreaterThanOrEqual(0.82);
  });

  it('recognizes the categories of unseen messages', () => {
    const result = evaluate('category');
    expect(result.accuracy).toBeGreaterThanOrEqual(0.85);
    expect(result.macroF1).toBeGreaterThanOrEqual(0.82);
  });

  it.each(['es', 'en', 'pt'])('works in %s too', (language) => {
    const result = evaluate(
      'intent',
      test.filter((m) => m.language === language),
    );
    expect(result.accuracy).toBeGreaterThanOrEqual(0.75);
  });

  it('accepts most intents, rarely a wrong one, and almost no unrelated message', () => {
    const classifier = trainClassifier(train.map((m) => ({ label: m.intent, text: m.text })));
    const accepted = test
      .map((m) => ({ m, best: accept(classifier.rank(m.text)) }))
      .filter(({ best }) => best !== null);
    const wrong = accepted.filter(({ m, best }) => best!.label !== m.intent);
    expect(accepted.length / test.length).toBeGreaterThanOrEqual(0.6);
    expect(wrong.length / accepted.length).toBeLessThanOrEqual(0.1);
    const unrelated = outOfScope.filter((m) => accept(classifier.rank(m.text)) !== null);
    expect(unrelated.length / outOfScope.length).toBeLessThanOrEqual(0.1);
  });

  it('tolerates typos and missing accents', () => {
    const classifier = trainClassifier(train.map((m) => ({ label: m.intent, text: m.text })));
    expect(classifier.rank('kiero kanselar mi pedidoo')[0].label).toBe('cancel_order');
    expect(classifier.rank('OLVIDE MI CONTRASEÑA')[0].label).toBe('reset_password');
    expect(classifier.rank('nesecito factura')[0].label).toBe('invoice_request');
  });
});

describe('trainClassifier', () => {
  const classifier = trainClassifier([
    { label: 'hours', text: 'a qué hora abren?' },
    { label: 'hours', text: 'what time do you open' },
    { label: 'refund', text: 'quiero mi reembolso' },
    { label: 'refund', text: 'I want a refund' },
  ]);

  it('ranks every label best first with scores in 0..1', () => {
    const ranking = classifier.rank('¿a que hora abren mañana?');
    expect(ranking.map((s) => s.label)).toEqual(['hours', 'refund']);
    expect(ranking[0].score).toBeGreaterThan(ranking[1].score);
    for (const { score } of ranking) expect(score >= 0 && score <= 1).toBe(true);
    expect(classifier.labels).toEqual(['hours', 'refund']);
  });

  it('is deterministic', () => {
    const again = trainClassifier([
      { label: 'hours', text: 'a qué hora abren?' },
      { label: 'hours', text: 'what time do you open' },
      { label: 'refund', text: 'quiero mi reembolso' },
      { label: 'refund', text: 'I want a refund' },
    ]);
    expect(again.rank('refund please')).toEqual(classifier.rank('refund please'));
  });

  it('gives nothing it never saw a confident score, even with one label', () => {
    const single = trainClassifier([{ label: 'hours', text: 'a qué hora abren?' }]);
    expect(accept(single.rank('asdkjh qwerty'))).toBeNull();
    expect(accept(single.rank('a que hora abren'))?.label).toBe('hours');
    expect(accept(classifier.rank('🙂'))).toBeNull();
  });

  it('ranks nothing when it has no examples', () => {
    const empty = trainClassifier([]);
    expect(empty.labels).toEqual([]);
    expect(empty.rank('hola')).toEqual([]);
    expect(accept(empty.rank('hola'))).toBeNull();
  });
});

describe('accept', () => {
  const ranking = (...scores: number[]): Scored[] => scores.map((score, i) => ({ label: `l${i}`, score }));

  it.each<[string, Scored[], string | null]>([
    ['a clear winner', ranking(0.6, 0.2), 'l0'],
    ['a lone label above the minimum', ranking(ACCEPT.minScore), 'l0'],
    ['below the minimum score', ranking(ACCEPT.minScore - 0.01, 0), null],
    ['too close to the second', ranking(0.6, 0.6 - ACCEPT.minMargin / 2), null],
    ['just the margin ahead', ranking(0.6, 0.6 - ACCEPT.minMargin - 1e-9), 'l0'],
    ['an empty ranking', [], null],
  ])('%s', (_, scored, expected) => {
    expect(accept(scored)?.label ?? null).toBe(expected);
  });

  it('takes other thresholds', () => {
    expect(accept(ranking(0.5, 0.45), { minScore: 0.4, minMargin: 0.01 })?.label).toBe('l0');
    expect(accept(ranking(0.5, 0.45), { minScore: 0.6, minMargin: 0 })).toBeNull();
  });
});
