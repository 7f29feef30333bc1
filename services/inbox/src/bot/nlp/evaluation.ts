/**
 * Accuracy figures of a classifier over labelled texts, shared by the dataset test and
 * `npm run bench:bot` so that both report the same numbers.
 */

export interface Figures {
  total: number;
  accuracy: number;
  /** Mean over the expected labels of each label's F1 (a rare label weighs as much as a common one). */
  macroF1: number;
}

export function figures(pairs: Array<{ expected: string; predicted: string | null }>): Figures {
  const total = pairs.length;
  if (total === 0) return { total, accuracy: 0, macroF1: 0 };
  const labels = [...new Set(pairs.map((p) => p.expected))];
  const f1s = labels.map((label) => {
    const tp = pairs.filter((p) => p.expected === label && p.predicted === label).length;
    const predicted = pairs.filter((p) => p.predicted === label).length;
    const expected = pairs.filter((p) => p.expected === label).length;
    const precision = predicted === 0 ? 0 : tp / predicted;
    const recall = tp / expected;
    return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  });
  const correct = pairs.filter((p) => p.expected === p.predicted).length;
  return { total, accuracy: correct / total, macroF1: f1s.reduce((a, b) => a + b, 0) / labels.length };
}
