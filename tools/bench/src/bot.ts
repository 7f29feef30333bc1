import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import {
  BOT_LIMITS,
  DEFAULT_BOT_SETTINGS,
  type BotCategories,
  type BotIntent,
  type BotSettings,
} from '@inbox/contracts';
import { JSON_BODY_LIMIT_BYTES } from '@inbox/gateway/dist/routes/route';
import { categoryExamples, intentExamples } from '@inbox/inbox/dist/bot/intelligence/models';
import type { BotModelConfig } from '@inbox/inbox/dist/bot/intelligence';
import {
  ACCEPT,
  accept,
  trainClassifier,
  trainClassifierInSlices,
  type LabelledText,
  type TextClassifier,
} from '@inbox/inbox/dist/bot/nlp/classifier';
import { loadDataset, type LabelledMessage } from '@inbox/inbox/dist/bot/nlp/dataset';
import { figures, type Figures } from '@inbox/inbox/dist/bot/nlp/evaluation';
import { detectLanguage } from '@inbox/inbox/dist/bot/nlp/language';

/*
 * npm run bench:bot [-- options] — the bot's built-in intelligence on its dataset
 * (services/inbox/src/bot/nlp/dataset): models trained on the train split, measured on the test
 * split, in one process, no I/O. Goals (issue 9): intent and category accuracy ≥ 0.85; training
 * one organization's models well under 100 ms; a message classified in under 5 ms.
 *   --runs N      trainings timed per model (default 15; the median is shown)
 *   --repeat N    passes over the test split for the classify times (default 20)
 *   --max         also train at the largest configurations allowed (minutes): see maxConfigurations
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

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

function train(messages: LabelledMessage[], key: Key): TextClassifier {
  return trainClassifier(messages.map((m) => ({ label: m[key], text: m.text })));
}

function quality(classifier: TextClassifier, rows: LabelledMessage[], key: Key): Figures {
  return figures(
    rows.map((m) => ({ expected: m[key], predicted: classifier.rank(m.text)[0]?.label ?? null })),
  );
}

function printTable(title: string, header: string[], rows: string[][]): void {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  console.log(`\n${title}`);
  for (const row of all) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
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

/*
 * --max: the cost of training one organization at the largest configurations the contract allows
 * (BOT_LIMITS: intents × examples × characters, and as many categories), with examples made of the
 * dataset's texts joined up to the length; and at the largest that fits the gateway's JSON body
 * limit (each PUT document at most JSON_BODY_LIMIT_BYTES). Per classifier: training time at once
 * (what the event loop would be blocked for) and in slices (what the bot does: the longest pause of
 * the event loop meanwhile), the memory the trained model keeps, the peak RSS, classify times.
 */

interface MaxConfiguration {
  name: string;
  config: BotModelConfig;
  documents: string;
}

/** A deterministic pseudo-random sequence (the same configurations every run). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

function configuration(messages: LabelledMessage[], exampleChars: number, examples: number): BotModelConfig {
  const random = seeded(7);
  const pool = (key: 'intent' | 'category') => {
    const byLabel = new Map<string, string[]>();
    for (const m of messages) byLabel.set(m[key], [...(byLabel.get(m[key]) ?? []), m.text]);
    return [...byLabel.values()];
  };
  // Example n of label l: texts of dataset label (l mod labels) joined up to the length, so labels differ.
  const text = (texts: string[]) => {
    let out = texts[Math.floor(random() * texts.length)];
    while (out.length < exampleChars) out += '. ' + texts[Math.floor(random() * texts.length)];
    return out.slice(0, exampleChars).trim();
  };
  const intentTexts = pool('intent');
  const categoryTexts = pool('category');
  const categories: BotCategories = {
    data: Array.from({ length: BOT_LIMITS.categories }, (_, c) => ({
      name: `category ${c}`,
      description: text(categoryTexts[c % categoryTexts.length]).slice(0, 500),
      examples: Array.from({ length: examples }, () => text(categoryTexts[c % categoryTexts.length])),
    })),
  };
  const intents: BotIntent[] = Array.from({ length: BOT_LIMITS.intents }, (_, i) => ({
    name: `intent ${i}`,
    examples: Array.from({ length: examples }, () => text(intentTexts[i % intentTexts.length])),
    answer: { type: 'text', text: 'answer' },
    category: `category ${i % BOT_LIMITS.categories}`,
  }));
  const settings: BotSettings = { ...DEFAULT_BOT_SETTINGS, intents };
  return { orgId: 1, version: 1, settings, categories };
}

const documentBytes = (config: BotModelConfig) =>
  [config.settings, config.categories].map((d) => Buffer.byteLength(JSON.stringify(d)));

/** The longest example that keeps both PUT bodies within the gateway's limit, all other limits at the top. */
function largestThroughTheApi(messages: LabelledMessage[]): BotModelConfig {
  const fits = (chars: number) =>
    Math.max(...documentBytes(configuration(messages, chars, BOT_LIMITS.examplesPerIntent))) <=
    JSON_BODY_LIMIT_BYTES;
  let [low, high] = [1, BOT_LIMITS.example];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return configuration(messages, low, BOT_LIMITS.examplesPerIntent);
}

/** Heap and typed arrays in use after a full collection (gc exposed by maxConfigurations). */
const retainedMb = () => {
  (vm.runInNewContext('gc') as () => void)();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 1e6;
};
const peakRssMb = () => process.resourceUsage().maxRSS / 1e3;

async function measure(name: string, examples: LabelledText[], testSplit: LabelledMessage[]) {
  const chars = examples.reduce((sum, e) => sum + e.text.length, 0);
  const before = retainedMb();
  let start = process.hrtime.bigint();
  let model: TextClassifier | null = trainClassifier(examples);
  const atOnceMs = Number(process.hrtime.bigint() - start) / 1e6;
  const modelMb = retainedMb() - before;
  const classifyUs: number[] = [];
  for (const m of testSplit) {
    const t0 = process.hrtime.bigint();
    model.rank(m.text);
    classifyUs.push(Number(process.hrtime.bigint() - t0) / 1e3);
  }
  classifyUs.sort((a, b) => a - b);
  model = null;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  start = process.hrtime.bigint();
  await trainClassifierInSlices(examples);
  const slicedMs = Number(process.hrtime.bigint() - start) / 1e6;
  delay.disable();
  return {
    name,
    examples: examples.length,
    chars,
    atOnceMs,
    slicedMs,
    longestPauseMs: delay.max / 1e6,
    modelMb,
    peakRssMb: peakRssMb(),
    classifyP50Us: percentile(classifyUs, 0.5),
    classifyP99Us: percentile(classifyUs, 0.99),
  };
}

async function maxConfigurations(messages: LabelledMessage[], testSplit: LabelledMessage[]): Promise<void> {
  v8.setFlagsFromString('--expose-gc');
  const configurations: MaxConfiguration[] = [];
  const api = largestThroughTheApi(messages);
  const contract = configuration(messages, BOT_LIMITS.example, BOT_LIMITS.examplesPerIntent);
  for (const [name, config] of [
    [`through the API (1 MiB bodies; examples of ${api.settings.intents[0].examples[0].length} chars)`, api],
    [
      `contract limits (${BOT_LIMITS.intents}×${BOT_LIMITS.examplesPerIntent}×${BOT_LIMITS.example} chars)`,
      contract,
    ],
  ] as const)
    configurations.push({
      name,
      config,
      documents: documentBytes(config)
        .map((b) => (b / 1e6).toFixed(2))
        .join(' + '),
    });

  const rows: string[][] = [];
  const results: unknown[] = [];
  for (const { name, config, documents } of configurations) {
    console.log(`\n${name}: PUT bodies ${documents} MB`);
    for (const [model, examples] of [
      ['intents', intentExamples(config)],
      ['categories', categoryExamples(config)],
    ] as const) {
      const r = await measure(model, examples, testSplit);
      results.push({ configuration: name, ...r });
      rows.push([
        name.split(' (')[0],
        model,
        String(r.examples),
        (r.chars / 1e6).toFixed(2),
        (r.atOnceMs / 1000).toFixed(1),
        (r.slicedMs / 1000).toFixed(1),
        r.longestPauseMs.toFixed(0),
        r.modelMb.toFixed(0),
        r.peakRssMb.toFixed(0),
        r.classifyP50Us.toFixed(0),
        r.classifyP99Us.toFixed(0),
      ]);
      console.log(JSON.stringify(results.at(-1)));
    }
  }
  printTable(
    'Largest configurations (one organization; load average ' + os.loadavg()[0].toFixed(2) + ')',
    [
      'configuration',
      'model',
      'examples',
      'M chars',
      'train at once s',
      'in slices s',
      'longest pause ms',
      'model MB',
      'peak RSS MB',
      'classify p50 µs',
      'p99 µs',
    ],
    rows,
  );
}

void main();
