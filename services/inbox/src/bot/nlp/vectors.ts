import { stem } from './stem';
import { runSteps, type Steps } from './steps';
import { STOP_WORDS } from './stopwords';
import { tokenize } from './text';

/**
 * Texts as TF-IDF vectors over two feature families: word stems (what the text is about) and
 * character 3- and 4-grams of each word (which survive typos, missing accents and inflections the
 * stemmer does not fold: "reembolzo" still shares " re", "reem", "mbol" with "reembolso").
 */

/** The stems' share of a vector's squared norm; the n-grams have the rest. */
const WORD_SHARE = 0.3;
const CHAR_GRAMS = [3, 4];

/**
 * The most features a vocabulary keeps, the most frequent first: a classifier's model is dense,
 * features × labels, so its size follows the vocabulary, not the characters. Text of ordinary
 * words stays far below (the shipped dataset: 6,927 features),
 * while 500,000 characters of made-up words or CJK held 0.5–2.6 GB of models without the cap.
 */
export const MAX_FEATURES = 40_000;
/** Features looked at between two yields while the vocabulary is cut down. */
const FEATURES_PER_STEP = 20_000;

/** A sparse unit vector: feature ids (ascending order is not needed) and weights. */
export interface Vector {
  ids: Int32Array;
  weights: Float64Array;
}

type Counts = Map<string, number>;
interface Features {
  words: Counts;
  chars: Counts;
}

/**
 * Two views of one text: `all` its words, for the regression, which learns from many examples
 * which stop words matter ("how do I" asks for setup help); `content` its stop words next to
 * nothing, for the similarity to a label's examples, which a few examples could not teach that.
 */
export interface TextVectors {
  all: Vector;
  content: Vector;
}

/**
 * What a stop word counts for in the content view of a text that has content words. Measured on
 * small configurations (small-config.test.ts): 0 and 0.15 match as well, 0.15 keeps the dataset's
 * accuracy a point higher.
 */
const STOP_WEIGHT = 0.15;

function count(into: Counts, feature: string, weight: number): void {
  into.set(feature, (into.get(feature) ?? 0) + weight);
}

/**
 * Raw feature counts of both views, in one pass; "w:" and "c:" keep a stem and an n-gram with the
 * same letters apart. In the content view a stop word (stopwords.ts) counts next to nothing, so
 * that what a message is about decides; in a text of stop words only ("hola", "boa noite",
 * "gracias") they count in full, so that such a message still matches an example like it.
 */
function views(text: string): { all: Features; content: Features } {
  const all: Features = { words: new Map(), chars: new Map() };
  const content: Features = { words: new Map(), chars: new Map() };
  const tokens = tokenize(text);
  const hasContent = tokens.some((token) => !STOP_WORDS.has(token));
  for (const token of tokens) {
    const weight = hasContent && STOP_WORDS.has(token) ? STOP_WEIGHT : 1;
    const features = ['w:' + stem(token)];
    const padded = ` ${token} `;
    for (const n of CHAR_GRAMS)
      for (let i = 0; i + n <= padded.length; i++) features.push('c:' + padded.slice(i, i + n));
    features.forEach((feature, i) => {
      const family = i === 0 ? 'words' : 'chars';
      count(all[family], feature, 1);
      count(content[family], feature, weight);
    });
  }
  return { all, content };
}

/** The vocabulary and document frequencies of a training set, and how to turn any text into a vector. */
export class Vectorizer {
  private ids = new Map<string, number>();
  private idf: number[] = [];
  /** What a feature no training text had weighs: it only lowers the other features' share. */
  private unseenIdf = 0;

  /** The vectorizer of a training set, and the training texts as vectors. */
  static fit(texts: string[], maxFeatures = MAX_FEATURES): { vectorizer: Vectorizer; rows: TextVectors[] } {
    return runSteps(Vectorizer.fitSteps(texts, maxFeatures));
  }

  /** `fit`, one text at a time (steps.ts). */
  static *fitSteps(
    texts: string[],
    maxFeatures = MAX_FEATURES,
  ): Steps<{ vectorizer: Vectorizer; rows: TextVectors[] }> {
    const counts: Array<ReturnType<typeof views>> = [];
    for (const text of texts) {
      counts.push(views(text));
      yield;
    }
    const vectorizer = new Vectorizer();
    for (const c of counts) {
      vectorizer.countDocument(c.all);
      yield;
    }
    yield* vectorizer.keepMostFrequent(maxFeatures);
    vectorizer.weighDocuments(texts.length);
    const rows: TextVectors[] = [];
    for (const c of counts) {
      rows.push(vectorizer.vectorsOf(c));
      yield;
    }
    return { vectorizer, rows };
  }

  private constructor() {}

  /** Document frequencies count a word wherever it occurs, stop word or not (`idf` holds them until weighed). */
  private countDocument({ words, chars }: Features): void {
    for (const feature of [...words.keys(), ...chars.keys()]) {
      let id = this.ids.get(feature);
      if (id === undefined) this.ids.set(feature, (id = this.ids.size));
      this.idf[id] = (this.idf[id] ?? 0) + 1;
    }
  }

  /**
   * Keeps the `max` features most documents have, renumbered densely. Ties at the cut-off are kept
   * evenly spread over the order seen, so the labels whose examples come last lose no more of their
   * rare features than the first. A feature dropped weighs as one no training text had. Linear in
   * the vocabulary, in steps.
   */
  private *keepMostFrequent(max: number): Steps<void> {
    if (this.ids.size <= max) return;
    // Document frequencies are small integers: the cut-off is found by counting, not by sorting.
    const atFrequency: number[] = [];
    for (const df of this.idf) atFrequency[df] = (atFrequency[df] ?? 0) + 1;
    let cutoff = atFrequency.length;
    let above = 0;
    while (cutoff > 1 && above + (atFrequency[cutoff - 1] ?? 0) <= max) above += atFrequency[--cutoff] ?? 0;
    // Every feature with df ≥ cutoff fits; those at cutoff - 1 fill what is left: the k-th of them
    // is kept when ⌊(k + 1)·room / atEdge⌋ steps up, which happens exactly `room` times, evenly.
    const room = max - above;
    const atEdge = atFrequency[cutoff - 1] ?? 0;
    let edgeSeen = 0;
    const keptAtEdge = () => {
      const k = edgeSeen++;
      return Math.floor(((k + 1) * room) / atEdge) > Math.floor((k * room) / atEdge);
    };
    const [seen, frequencies] = [this.ids, this.idf];
    this.ids = new Map();
    this.idf = [];
    let looked = 0;
    for (const [feature, id] of seen) {
      const df = frequencies[id];
      if (df >= cutoff || (df === cutoff - 1 && keptAtEdge())) {
        this.idf.push(df);
        this.ids.set(feature, this.ids.size);
      }
      if (++looked % FEATURES_PER_STEP === 0) yield;
    }
  }

  private weighDocuments(n: number): void {
    for (let id = 0; id < this.idf.length; id++) this.idf[id] = Math.log((1 + n) / (1 + this.idf[id])) + 1;
    this.unseenIdf = Math.log(1 + n) + 1;
  }

  get size(): number {
    return this.ids.size;
  }

  /** The feature ids of the stems of a text's content words (not its stop words) that training texts had. */
  contentStems(text: string): number[] {
    const ids: number[] = [];
    for (const token of tokenize(text)) {
      const id = STOP_WORDS.has(token) ? undefined : this.ids.get('w:' + stem(token));
      if (id !== undefined) ids.push(id);
    }
    return ids;
  }

  vectorize(text: string): TextVectors {
    return this.vectorsOf(views(text));
  }

  private vectorsOf(features: { all: Features; content: Features }): TextVectors {
    return { all: this.vectorOf(features.all), content: this.vectorOf(features.content) };
  }

  private vectorOf({ words, chars }: Features): Vector {
    const ids: number[] = [];
    const weights: number[] = [];
    this.weigh(words, WORD_SHARE, ids, weights);
    this.weigh(chars, 1 - WORD_SHARE, ids, weights);
    return { ids: Int32Array.from(ids), weights: Float64Array.from(weights) };
  }

  /**
   * Sublinear TF (a stop word's fraction of an occurrence stays as it is) × IDF, the family scaled
   * to its share of the unit norm.
   */
  private weigh(counts: Counts, share: number, ids: number[], weights: number[]): void {
    let norm = 0;
    const first = ids.length;
    for (const [feature, tf] of counts) {
      const id = this.ids.get(feature);
      const w = (tf > 1 ? 1 + Math.log(tf) : tf) * (id === undefined ? this.unseenIdf : this.idf[id]);
      norm += w * w;
      if (id === undefined) continue;
      ids.push(id);
      weights.push(w);
    }
    const scale = norm === 0 ? 0 : Math.sqrt(share / norm);
    for (let i = first; i < weights.length; i++) weights[i] *= scale;
  }
}
