import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import {
  BOT_LIMITS,
  botCategoriesSchema,
  botSettingsSchema,
  categoriesTrainingChars,
  DEFAULT_BOT_SETTINGS,
  settingsTrainingChars,
  type BotCategories,
  type BotIntent,
} from '@inbox/contracts';
import { JSON_BODY_LIMIT_BYTES } from '@inbox/gateway/dist/routes/route';
import type { BotModelConfig } from '@inbox/inbox/dist/bot/intelligence';
import { categoryExamples, intentExamples } from '@inbox/inbox/dist/bot/intelligence/models';
import {
  trainClassifier,
  trainClassifierInSlices,
  type LabelledText,
  type TextClassifier,
} from '@inbox/inbox/dist/bot/nlp/classifier';
import type { LabelledMessage } from '@inbox/inbox/dist/bot/nlp/dataset';
import { percentile, printTable } from './bot-table';

/*
 * npm run bench:bot -- --max: the cost of training one organization at the largest documents the
 * contract allows: each of /bot/settings and /bot/categories AT BOT_LIMITS.trainingChars (checked
 * with the contract's own schemas), every intent leading to a category, so the categories'
 * classifier trains on both documents. Three shapes: the most examples (100 × 100, short ones), the
 * longest examples (100 × 10), and the most examples made of words never seen twice (random
 * letters: the largest vocabulary, so the largest models). Per classifier: training time at once
 * (what the event loop would be blocked for) and in slices (what the bot does: the longest pause of
 * the event loop meanwhile), the memory the trained model keeps, the peak RSS while training
 * (Linux: reset before each classifier), classify times.
 */

interface Shape {
  name: string;
  /** Examples per intent and per category. */
  examples: number;
  /** Characters of each category's description. */
  description: number;
  /**
   * The dataset's texts joined up to the length; words of random letters a–z (a new word each
   * time); or words of random CJK ideographs (no character n-gram seen twice: the most features).
   */
  words: 'dataset' | 'latin' | 'ideographs';
}

const SHAPES: Shape[] = [
  { name: 'most examples', examples: 100, description: 100, words: 'dataset' },
  { name: 'longest examples', examples: 10, description: 500, words: 'dataset' },
  { name: 'new words', examples: 100, description: 100, words: 'latin' },
  { name: 'new ideographs', examples: 100, description: 100, words: 'ideographs' },
];

/** A deterministic pseudo-random sequence in [0, 1) (mulberry32: the same configurations every run). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** `count` lengths as even as can be, `total` in all. */
function lengths(total: number, count: number): number[] {
  const base = Math.floor(total / count);
  const out = Array.from({ length: count }, (_, i) => base + (i < total % count ? 1 : 0));
  if (out[0] > BOT_LIMITS.example) throw new Error(`${count} examples cannot hold ${total} characters`);
  return out;
}

const slices = <T>(list: T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** Both documents of one organization, each's training text exactly BOT_LIMITS.trainingChars. */
function atTheLimit(messages: LabelledMessage[], shape: Shape): BotModelConfig {
  const random = seeded(7);
  const byLabel = (key: 'intent' | 'category') => {
    const texts = new Map<string, string[]>();
    for (const m of messages) texts.set(m[key], [...(texts.get(m[key]) ?? []), m.text]);
    return [...texts.values()];
  };
  // a–z, or the CJK Unified Ideographs block (U+4E00–U+9FFF, unchanged by NFKC).
  const [first, letters] = shape.words === 'latin' ? [0x61, 26] : [0x4e00, 0x5200];
  const newWord = () =>
    Array.from({ length: 3 + Math.floor(random() * 8) }, () =>
      String.fromCharCode(first + Math.floor(random() * letters)),
    ).join('');
  const piece = (texts: string[]) =>
    shape.words === 'dataset' ? texts[Math.floor(random() * texts.length)] : newWord();
  // Label n learns from texts of dataset label (n mod labels), so labels differ; '.' pads (not a word).
  const text = (texts: string[], chars: number) => {
    let out = piece(texts);
    while (out.length < chars) out += '. ' + piece(texts);
    return out.slice(0, chars).trimEnd().padEnd(chars, '.');
  };
  const limit = BOT_LIMITS.trainingChars;
  const intentTexts = byLabel('intent');
  const categoryTexts = byLabel('category');

  const intentLengths = slices(lengths(limit, BOT_LIMITS.intents * shape.examples), shape.examples);
  const intents: BotIntent[] = intentLengths.map((chars, i) => ({
    name: `intent ${i}`,
    examples: chars.map((n) => text(intentTexts[i % intentTexts.length], n)),
    answer: { type: 'text', text: 'answer' },
    category: `category ${i % BOT_LIMITS.categories}`,
  }));
  const names = Array.from({ length: BOT_LIMITS.categories }, (_, c) => `category ${c}`);
  const left = limit - names.join('').length - names.length * shape.description;
  const categoryLengths = slices(lengths(left, names.length * shape.examples), shape.examples);
  const categories: BotCategories = {
    data: names.map((name, c) => ({
      name,
      description: text(categoryTexts[c % categoryTexts.length], shape.description),
      examples: categoryLengths[c].map((n) => text(categoryTexts[c % categoryTexts.length], n)),
    })),
  };
  // What a PUT would store: the contract's checks (the bench follows the limit wherever it goes).
  const settings = botSettingsSchema.parse({ ...DEFAULT_BOT_SETTINGS, intents });
  const checked = botCategoriesSchema.parse(categories);
  if (settingsTrainingChars(settings) !== limit || categoriesTrainingChars(checked) !== limit)
    throw new Error(`${shape.name}: the documents are not at the limit (${limit} characters)`);
  return { orgId: 1, version: 1, settings, categories: checked };
}

const documentBytes = (config: BotModelConfig) =>
  [config.settings, config.categories].map((d) => Buffer.byteLength(JSON.stringify(d)));

/** Heap and typed arrays in use after a full collection (gc exposed by maxConfigurations). */
const retainedMb = () => {
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  gc();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 1e6;
};

/** The peak RSS since the last reset (Linux's VmHWM, reset by clear_refs 5), else since the start. */
const peakRss = {
  reset(): void {
    try {
      writeFileSync('/proc/self/clear_refs', '5');
    } catch {
      // Not Linux: the peak since the process started.
    }
  },
  mb(): number {
    try {
      const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
      if (kb) return Number(kb[1]) / 1e3;
    } catch {
      // Not Linux.
    }
    return process.resourceUsage().maxRSS / 1e3;
  },
};

async function measure(name: string, examples: LabelledText[], testSplit: LabelledMessage[]) {
  const chars = examples.reduce((sum, e) => sum + e.text.length, 0);
  const before = retainedMb();
  peakRss.reset();
  let start = process.hrtime.bigint();
  let model: TextClassifier | null = trainClassifier(examples);
  const atOnceMs = Number(process.hrtime.bigint() - start) / 1e6;
  const peakRssMb = peakRss.mb();
  const modelMb = retainedMb() - before;
  const classifyUs: number[] = [];
  for (const m of testSplit) {
    const t0 = process.hrtime.bigint();
    model.rank(m.text);
    classifyUs.push(Number(process.hrtime.bigint() - t0) / 1e3);
  }
  classifyUs.sort((a, b) => a - b);
  model = null;
  retainedMb();
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
    peakRssMb,
    classifyP50Us: percentile(classifyUs, 0.5),
    classifyP99Us: percentile(classifyUs, 0.99),
  };
}

export async function maxConfigurations(
  messages: LabelledMessage[],
  testSplit: LabelledMessage[],
): Promise<void> {
  v8.setFlagsFromString('--expose-gc');
  const rows: string[][] = [];
  const results: unknown[] = [];
  for (const shape of SHAPES) {
    const config = atTheLimit(messages, shape);
    const bytes = documentBytes(config);
    const name =
      `${shape.name} (${BOT_LIMITS.intents} intents × ${shape.examples} examples of ` +
      `${config.settings.intents[0].examples[0].length} chars, categories alike)`;
    console.log(
      `\n${name}: ${BOT_LIMITS.trainingChars} training characters per document; PUT bodies ` +
        `${bytes.map((b) => (b / 1e6).toFixed(2)).join(' + ')} MB ` +
        `(${bytes.every((b) => b <= JSON_BODY_LIMIT_BYTES) ? 'within' : 'over'} the gateway's 1 MiB)`,
    );
    for (const [model, examples] of [
      ['intents', intentExamples(config)],
      ['categories', categoryExamples(config)],
    ] as const) {
      const r = await measure(model, examples, testSplit);
      results.push({ configuration: name, ...r });
      rows.push([
        shape.name,
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
    `Documents at the training-text limit (${BOT_LIMITS.trainingChars} characters each; one organization; ` +
      `load average ${os.loadavg()[0].toFixed(2)})`,
    [
      'shape',
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
