import { trainClassifier } from './classifier';
import { MAX_FEATURES, Vectorizer } from './vectors';

/** A made-up 12-letter word, different for each `n` (no stem or n-gram of a real language). */
const madeUp = (n: number) => {
  let word = '';
  // A linear congruential generator seeded by n: letters that look random, so few n-grams repeat.
  for (let x = n + 1, i = 0; i < 12; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    word += String.fromCharCode(97 + ((x >>> 16) % 26));
  }
  return word;
};

/** `texts` texts of 20 made-up words each, every one also saying `common`. */
const noise = (texts: number, common: (t: number) => string) =>
  Array.from({ length: texts }, (_, t) =>
    [common(t), ...Array.from({ length: 20 }, (_, w) => madeUp(t * 20 + w))].join(' '),
  );

describe('the vocabulary', () => {
  it('keeps at most MAX_FEATURES, the features most texts have', () => {
    const texts = noise(400, () => 'reembolso');
    const { vectorizer, rows } = Vectorizer.fit(texts);
    // 8,000 made-up words give ~200,000 distinct n-grams: cut to the cap.
    expect(vectorizer.size).toBe(MAX_FEATURES);
    // The word every text has is kept; every id stays within the cap.
    expect(vectorizer.contentStems('reembolso')).toHaveLength(1);
    for (const row of rows) expect(Math.max(...row.all.ids)).toBeLessThan(MAX_FEATURES);
  });

  it("cuts by document frequency: capped at the shared word's features, exactly those stay", () => {
    const texts = noise(20, () => 'reembolso');
    // The features of the word every text has (its stem and n-grams): the most frequent ones.
    const shared = Vectorizer.fit(['reembolso']).vectorizer.size;
    expect(Vectorizer.fit(texts).vectorizer.size).toBeGreaterThan(20 * shared);
    const { vectorizer } = Vectorizer.fit(texts, shared);
    expect(vectorizer.size).toBe(shared);
    expect(vectorizer.contentStems('reembolso')).toHaveLength(1);
    // Each made-up word is in one text only: all of its features were cut.
    expect(vectorizer.vectorize(madeUp(0)).all.ids).toHaveLength(0);
    expect(vectorizer.vectorize('reembolso').all.ids).toHaveLength(shared);
  });

  it('spreads the cut-off evenly: the last texts keep as many rare features as the first', () => {
    const texts = noise(20, () => 'reembolso');
    const shared = Vectorizer.fit(['reembolso']).vectorizer.size;
    const rare = Vectorizer.fit(texts).vectorizer.size - shared;
    // Room for half of the features only one text has.
    const { vectorizer } = Vectorizer.fit(texts, shared + Math.floor(rare / 2));
    expect(vectorizer.size).toBe(shared + Math.floor(rare / 2));
    const kept = (fromText: number, toText: number) => {
      let ids = 0;
      for (let w = fromText * 20; w < toText * 20; w++) ids += vectorizer.vectorize(madeUp(w)).all.ids.length;
      return ids;
    };
    const [first, last] = [kept(0, 10), kept(10, 20)];
    // First seen first would keep the first ten texts' features and none of the last ten's.
    expect(last).toBeGreaterThan(0.8 * first);
    expect(first).toBeGreaterThan(0.8 * last);
  });

  it('still separates labels that made-up words crowd out of the vocabulary', () => {
    const refunds = noise(200, () => 'quiero mi reembolso');
    const tracking = noise(200, (t) => `donde esta mi pedido ${t}`);
    const classifier = trainClassifier([
      ...refunds.map((text) => ({ label: 'refund', text })),
      ...tracking.map((text) => ({ label: 'tracking', text })),
    ]);
    expect(classifier.rank('necesito un reembolso')[0].label).toBe('refund');
    expect(classifier.rank('donde esta mi pedido')[0].label).toBe('tracking');
  });
});
