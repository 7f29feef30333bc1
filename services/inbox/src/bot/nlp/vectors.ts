import { stem } from './stem';
import { tokenize } from './text';

/**
 * Texts as TF-IDF vectors over two feature families: word stems (what the text is about) and
 * character 3- and 4-grams of each word (which survive typos, missing accents and inflections the
 * stemmer does not fold: "reembolzo" still shares " re", "reem", "mbol" with "reembolso").
 */

/** The stems' share of a vector's squared norm; the n-grams have the rest. */
const WORD_SHARE = 0.3;
const CHAR_GRAMS = [3, 4];

/** A sparse unit vector: feature ids (ascending order is not needed) and weights. */
export interface Vector {
  ids: Int32Array;
  weights: Float64Array;
}

type Counts = Map<string, number>;

function count(into: Counts, feature: string): void {
  into.set(feature, (into.get(feature) ?? 0) + 1);
}

/** Raw feature counts; "w:" and "c:" keep a stem and an n-gram with the same letters apart. */
function featureCounts(text: string): { words: Counts; chars: Counts } {
  const words: Counts = new Map();
  const chars: Counts = new Map();
  for (const token of tokenize(text)) {
    count(words, 'w:' + stem(token));
    const padded = ` ${token} `;
    for (const n of CHAR_GRAMS)
      for (let i = 0; i + n <= padded.length; i++) count(chars, 'c:' + padded.slice(i, i + n));
  }
  return { words, chars };
}

/** The vocabulary and document frequencies of a training set, and how to turn any text into a vector. */
export class Vectorizer {
  private readonly ids = new Map<string, number>();
  private readonly idf: number[] = [];
  /** What a feature no training text had weighs: it only lowers the other features' share. */
  private readonly unseenIdf: number;

  /** The vectorizer of a training set, and the training texts as vectors. */
  static fit(texts: string[]): { vectorizer: Vectorizer; rows: Vector[] } {
    const counts = texts.map(featureCounts);
    const vectorizer = new Vectorizer(counts);
    return { vectorizer, rows: counts.map((c) => vectorizer.vectorOf(c)) };
  }

  private constructor(texts: Array<{ words: Counts; chars: Counts }>) {
    const df: number[] = [];
    for (const { words, chars } of texts) {
      for (const feature of [...words.keys(), ...chars.keys()]) {
        let id = this.ids.get(feature);
        if (id === undefined) this.ids.set(feature, (id = this.ids.size));
        df[id] = (df[id] ?? 0) + 1;
      }
    }
    const n = texts.length;
    for (let id = 0; id < df.length; id++) this.idf[id] = Math.log((1 + n) / (1 + df[id])) + 1;
    this.unseenIdf = Math.log(1 + n) + 1;
  }

  get size(): number {
    return this.ids.size;
  }

  vectorize(text: string): Vector {
    return this.vectorOf(featureCounts(text));
  }

  private vectorOf({ words, chars }: { words: Counts; chars: Counts }): Vector {
    const ids: number[] = [];
    const weights: number[] = [];
    this.weigh(words, WORD_SHARE, ids, weights);
    this.weigh(chars, 1 - WORD_SHARE, ids, weights);
    return { ids: Int32Array.from(ids), weights: Float64Array.from(weights) };
  }

  /** Sublinear TF × IDF, the family scaled to its share of the unit norm. */
  private weigh(counts: Counts, share: number, ids: number[], weights: number[]): void {
    let norm = 0;
    const first = ids.length;
    for (const [feature, tf] of counts) {
      const id = this.ids.get(feature);
      const w = (1 + Math.log(tf)) * (id === undefined ? this.unseenIdf : this.idf[id]);
      norm += w * w;
      if (id === undefined) continue;
      ids.push(id);
      weights.push(w);
    }
    const scale = norm === 0 ? 0 : Math.sqrt(share / norm);
    for (let i = first; i < weights.length; i++) weights[i] *= scale;
  }
}
