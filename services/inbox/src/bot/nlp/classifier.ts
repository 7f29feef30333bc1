import { runSteps, runStepsInSlices, type Steps } from './steps';
import { Vectorizer, type TextVectors, type Vector } from './vectors';

/**
 * The built-in text classifier, trained from an organization's examples in milliseconds (seconds at
 * the largest configurations, so the bot trains in slices), with no downloaded weights,
 * deterministic (same examples, same answers). Two views of each label vote:
 * - a softmax regression over the TF-IDF features (vectors.ts), which learns which words tell
 *   the labels apart ("cita" → appointments, whatever else the message says);
 * - the cosine to the label's centroid, which says how much the message looks like the label's
 *   examples at all, over content words only (stop words next to nothing, vectors.ts): with the
 *   few examples an organization writes, "quiero … mi" shared with one must not make it alike.
 * The regression alone is sure of something even for "jajaja" or with one label.
 * A label's score is the geometric mean of both, so it is high only when both agree.
 */

export interface LabelledText {
  label: string;
  text: string;
}

export interface Scored {
  label: string;
  score: number;
}

export interface TextClassifier {
  readonly labels: string[];
  /** Every label with its score (0..1), best first; ties in label order. Nothing for an untrained model. */
  rank(text: string): Scored[];
}

/**
 * When a ranking is trusted (see `accept`), tuned on dataset/ (`npm run bench:bot`): on its test
 * split about 2 in 3 intents are accepted, 92 in 100 of those right, and 1 in 26 unrelated
 * messages gets through; small-config.test.ts measures them with an organization's few examples.
 * Below these, the bot sends its fallback message rather than guess.
 */
export const ACCEPT = { minScore: 0.2, minMargin: 0.04 };

/** The best label when its score is high enough and clearly ahead of the second; otherwise null. */
export function accept(ranking: Scored[], thresholds = ACCEPT): Scored | null {
  const [best, second] = ranking;
  if (!best || best.score < thresholds.minScore) return null;
  if (second && best.score - second.score < thresholds.minMargin) return null;
  return best;
}

/**
 * A label none of whose examples has one of the message's content words resembles it by letters
 * only ("agente" and "agendar" share "agen"): its similarity counts for less. 0.7 turns those
 * away at no cost measured on the dataset; lower ones start losing typos ("kanselar").
 */
const NO_SHARED_STEM = 0.7;

const EPOCHS = 5;
const LEARNING_RATE = 2;
/** The bias learns slower, so that a label with many examples does not win by its size alone. */
const BIAS_RATE = 0.1;
const L2 = 1e-4;

/** Weights laid out feature-major (`[feature * labels + label]`): one query feature, one contiguous row. */
interface Model {
  weights: Float64Array;
  bias: Float64Array;
  centroids: Float64Array;
}

function softmax(logits: Float64Array): Float64Array {
  let max = -Infinity;
  for (const v of logits) max = Math.max(max, v);
  let sum = 0;
  for (let l = 0; l < logits.length; l++) sum += logits[l] = Math.exp(logits[l] - max);
  for (let l = 0; l < logits.length; l++) logits[l] /= sum;
  return logits;
}

/** The regression's label probabilities of one vector, written into `into`. */
function probabilities(model: Model, x: Vector, into: Float64Array): Float64Array {
  const labels = into.length;
  into.set(model.bias);
  for (let i = 0; i < x.ids.length; i++) {
    const row = x.ids[i] * labels;
    const w = x.weights[i];
    for (let l = 0; l < labels; l++) into[l] += model.weights[row + l] * w;
  }
  return softmax(into);
}

function cosines(model: Model, x: Vector, labels: number): Float64Array {
  const result = new Float64Array(labels);
  for (let i = 0; i < x.ids.length; i++) {
    const row = x.ids[i] * labels;
    for (let l = 0; l < labels; l++) result[l] += model.centroids[row + l] * x.weights[i];
  }
  return result;
}

/** Label centroids, each scaled to unit length. */
function centroids(rows: Vector[], labelOf: number[], labels: number, features: number): Float64Array {
  const sums = new Float64Array(features * labels);
  rows.forEach((x, r) => {
    for (let i = 0; i < x.ids.length; i++) sums[x.ids[i] * labels + labelOf[r]] += x.weights[i];
  });
  const norms = new Float64Array(labels);
  for (let k = 0; k < sums.length; k++) norms[k % labels] += sums[k] * sums[k];
  for (let k = 0; k < sums.length; k++) if (norms[k % labels] > 0) sums[k] /= Math.sqrt(norms[k % labels]);
  return sums;
}

/** Examples in round-robin label order, so that stochastic gradient steps never see one label in a row. */
function interleaved(labelOf: number[]): number[] {
  const rank = new Map<number, number>();
  const position = labelOf.map((l) => {
    const seen = rank.get(l) ?? 0;
    rank.set(l, seen + 1);
    return seen;
  });
  return labelOf.map((_, r) => r).sort((a, b) => position[a] - position[b] || labelOf[a] - labelOf[b]);
}

/** Stochastic gradient descent, one example per step. */
function* fit(texts: TextVectors[], labelOf: number[], labels: number, features: number): Steps<Model> {
  const rows = texts.map((t) => t.all);
  const model: Model = {
    weights: new Float64Array(features * labels),
    bias: new Float64Array(labels),
    centroids: centroids(
      texts.map((t) => t.content),
      labelOf,
      labels,
      features,
    ),
  };
  const order = interleaved(labelOf);
  const gradient = new Float64Array(labels);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const rate = LEARNING_RATE / (1 + epoch);
    for (const r of order) {
      const x = rows[r];
      probabilities(model, x, gradient);
      gradient[labelOf[r]] -= 1;
      for (let l = 0; l < labels; l++) model.bias[l] -= rate * BIAS_RATE * gradient[l];
      for (let i = 0; i < x.ids.length; i++) {
        const row = x.ids[i] * labels;
        const w = x.weights[i];
        for (let l = 0; l < labels; l++)
          model.weights[row + l] -= rate * (gradient[l] * w + L2 * model.weights[row + l]);
      }
      yield;
    }
  }
  return model;
}

export function trainClassifier(examples: LabelledText[]): TextClassifier {
  return runSteps(trainSteps(examples));
}

/**
 * `trainClassifier` in slices (steps.ts): the same model, trained while the event loop keeps
 * turning. What the bot uses: an organization's largest configuration trains for seconds.
 */
export function trainClassifierInSlices(examples: LabelledText[], sliceMs?: number): Promise<TextClassifier> {
  return runStepsInSlices(trainSteps(examples), sliceMs);
}

function* trainSteps(examples: LabelledText[]): Steps<TextClassifier> {
  const labels = [...new Set(examples.map((e) => e.label))].sort();
  if (examples.length === 0) return { labels, rank: () => [] };
  const { vectorizer, rows } = yield* Vectorizer.fitSteps(examples.map((e) => e.text));
  const labelIndex = new Map(labels.map((label, l) => [label, l]));
  const labelOf = examples.map((e) => labelIndex.get(e.label)!);
  const model = yield* fit(rows, labelOf, labels.length, vectorizer.size);
  return {
    labels,
    rank(text: string): Scored[] {
      const x = vectorizer.vectorize(text);
      const p = probabilities(model, x.all, new Float64Array(labels.length));
      const cos = cosines(model, x.content, labels.length);
      const shared = new Uint8Array(labels.length);
      for (const id of vectorizer.contentStems(text))
        for (let l = 0; l < labels.length; l++)
          if (model.centroids[id * labels.length + l] > 0) shared[l] = 1;
      for (let l = 0; l < labels.length; l++) if (!shared[l]) cos[l] *= NO_SHARED_STEM;
      return labels
        .map((label, l) => ({ label, score: Math.min(1, Math.sqrt(p[l] * Math.max(0, cos[l]))) }))
        .sort((a, b) => b.score - a.score || (a.label < b.label ? -1 : 1));
    },
  };
}
