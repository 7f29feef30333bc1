import os from 'node:os';
import { parseArgs } from 'node:util';
import { ACCEPT, accept, trainClassifier, type TextClassifier } from '@inbox/inbox/dist/bot/nlp/classifier';
import { loadDataset, type LabelledMessage } from '@inbox/inbox/dist/bot/nlp/dataset';
import { figures, type Figures } from '@inbox/inbox/dist/bot/nlp/evaluation';
import { detectLanguage } from '@inbox/inbox/dist/bot/nlp/language';
import { maxConfigurations } from './bot-max';
import { percentile, printTable } from './bot-table';

/*
 * npm run bench:bot [-- options] — the bot's built-in intelligence on its dataset
 * (services/inbox/src/bot/nlp/dataset): models trained on the train split, measured on the test
 * split, in one process, no I/O. Goals (issue 9): intent and category accuracy ≥ 0.85; training
 * one organization's models well under 100 ms; a message classified in under 5 ms.
 *   --runs N      trainings timed per model (default 15; the median is shown)
 *   --repeat N    passes over the test split for the classify times (default 20)
 *   --max         also train at the largest documents allowed (minutes): see bot-max.ts
 * Accuracy = top-ranked label right; macro-F1 = mean over labels of each label's F1. "accepted" =
 * the share of test messages `accept` (ACCEPT thresholds) lets through, "wrong" = the share of
 * those that are wrong, "unrelated" = out-of-scope messages accepted. Language = detectLanguage
 * with a fallback other than the right answer (a fallback counts as a miss).
 */

const LANGUAGES = ['es', 'en', 'pt'] as const;
type Key = 'intent' | 'category';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function train(messages: LabelledMessage[], key: Key): TextClassifier {
  return trainClassifier(messages.map((m) => ({ label: m[key], text: m.text })));
}

function quality(classifier: TextClassifier, rows: LabelledMessage[], key: Key): Figures {
  return figures(
    rows.map((m) => ({ expected: m[key], predicted: classifier.rank(m.text)[0]?.label ?? null })),
  );
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const fixed = (x: number) => x.toFixed(3);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { runs: { type: 'string' }, repeat: { type: 'string' }, max: { type: 'boolean' } },
  });
  const runs = Number(values.runs ?? 15);
  const repeat = Number(values.repeat ?? 20);
  const { messages, outOfScope } = loadDataset();
  const trainSplit = messages.filter((m) => m.split === 'train');
  const testSplit = messages.filter((m) => m.split === 'test');
  console.log(
    `dataset: ${messages.length} messages (${trainSplit.length} train, ${testSplit.length} test), ` +
      `${new Set(messages.map((m) => m.intent)).size} intents, ${new Set(messages.map((m) => m.category)).size} ` +
      `categories, ${outOfScope.length} unrelated; node ${process.version}, ${os.availableParallelism()} cores, ` +
      `load average ${os.loadavg()[0].toFixed(2)}`,
  );

  const json: Record<string, unknown> = { accept: ACCEPT };
  const qualityRows: string[][] = [];
  const acceptRows: string[][] = [];
  const trainMs: Record<Key, number> = { intent: 0, category: 0 };
  let intentModel: TextClassifier | null = null;
  for (const key of ['intent', 'category'] as const) {
    const times: number[] = [];
    let model = train(trainSplit, key);
    for (let i = 0; i < runs; i++) {
      const start = process.hrtime.bigint();
      model = train(trainSplit, key);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    trainMs[key] = median(times);
    if (key === 'intent') intentModel = model;
    for (const scope of ['all', ...LANGUAGES]) {
      const rows = scope === 'all' ? testSplit : testSplit.filter((m) => m.language === scope);
      const f = quality(model, rows, key);
      qualityRows.push([key, scope, String(f.total), fixed(f.accuracy), fixed(f.macroF1)]);
      json[`${key}.${scope}`] = f;
    }
    const accepted = testSplit.map((m) => ({ m, best: accept(model.rank(m.text)) })).filter((a) => a.best);
    const wrong = accepted.filter(({ m, best }) => best!.label !== m[key]).length;
    const unrelated = outOfScope.filter((m) => accept(model.rank(m.text)) !== null).length;
    acceptRows.push([
      key,
      pct(accepted.length / testSplit.length),
      pct(accepted.length === 0 ? 0 : wrong / accepted.length),
      `${unrelated}/${outOfScope.length}`,
    ]);
    json[`${key}.accept`] = { accepted: accepted.length, wrong, unrelated, total: testSplit.length };
  }
  printTable(
    'Quality on the test split (top-ranked label)',
    ['model', 'language', 'n', 'accuracy', 'macro-F1'],
    qualityRows,
  );
  printTable(
    `Acceptance (minScore ${ACCEPT.minScore}, minMargin ${ACCEPT.minMargin})`,
    ['model', 'accepted', 'wrong of accepted', 'unrelated accepted'],
    acceptRows,
  );

  const languageRows = ['all', ...LANGUAGES].map((scope) => {
    const rows = scope === 'all' ? messages : messages.filter((m) => m.language === scope);
    const right = rows.filter(
      (m) => detectLanguage(m.text, m.language === 'es' ? 'en' : 'es') === m.language,
    );
    json[`language.${scope}`] = right.length / rows.length;
    return [scope, String(rows.length), fixed(right.length / rows.length)];
  });
  printTable('Language detection (every message)', ['language', 'n', 'accuracy'], languageRows);

  const classifyUs: number[] = [];
  for (let pass = 0; pass < repeat; pass++)
    for (const m of testSplit) {
      const start = process.hrtime.bigint();
      intentModel!.rank(m.text);
      classifyUs.push(Number(process.hrtime.bigint() - start) / 1e3);
    }
  classifyUs.sort((a, b) => a - b);
  const timing = {
    trainIntentMs: trainMs.intent,
    trainCategoryMs: trainMs.category,
    trainOrganizationMs: trainMs.intent + trainMs.category,
    classifyP50Us: percentile(classifyUs, 0.5),
    classifyP99Us: percentile(classifyUs, 0.99),
  };
  printTable(
    `Timings (training: median of ${runs}; classify: ${classifyUs.length} intent rankings)`,
    ['measure', 'value'],
    [
      [`train intents (${trainSplit.length} examples) ms`, timing.trainIntentMs.toFixed(1)],
      [`train categories (${trainSplit.length} examples) ms`, timing.trainCategoryMs.toFixed(1)],
      ['train one organization (both) ms', timing.trainOrganizationMs.toFixed(1)],
      ['classify p50 µs', timing.classifyP50Us.toFixed(0)],
      ['classify p99 µs', timing.classifyP99Us.toFixed(0)],
    ],
  );
  console.log(JSON.stringify({ ...json, ...timing }));
  if (values.max) return maxConfigurations(messages, testSplit);
}

void main();
