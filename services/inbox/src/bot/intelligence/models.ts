import { createHash } from 'node:crypto';
import { trainClassifierInSlices, type LabelledText, type TextClassifier } from '../nlp/classifier';
import type { BotModelConfig } from './intelligence';

/**
 * One organization's classifiers at one configuration version, each trained on first use (in
 * slices, steps.ts); callers asking meanwhile share that training.
 */
export interface OrgModels {
  readonly version: number;
  intents(): Promise<TextClassifier>;
  categories(): Promise<TextClassifier>;
}

export interface ModelCacheLimits {
  /** Organizations whose models stay in memory. */
  maxOrganizations: number;
  /** Characters of training text over all cached organizations: a proxy for the models' memory. */
  maxTrainingChars: number;
}

/**
 * An organization's weight is its training text, intents' examples twice (they train categories
 * too): at most 1.5 M characters within the documents' limit (BOT_LIMITS.trainingChars). Its two
 * models then take ~28 MB for ordinary text and at most ~135 MB whatever the text (the vocabulary's
 * cap, nlp/vectors.ts; npm run bench:bot -- --max). The bound keeps five organizations at the
 * limit (≤ ~700 MB, ~140 MB of ordinary text) or hundreds of ordinary ones.
 */
export const DEFAULT_MODEL_CACHE_LIMITS: ModelCacheLimits = {
  maxOrganizations: 500,
  maxTrainingChars: 8_000_000,
};

interface Entry {
  models: OrgModels;
  weight: number;
  /** A digest of the training examples: a new version with the same ones keeps the models. */
  examples: string;
}

/**
 * Trained models per organization, least recently used evicted first, so memory stays bounded
 * whatever the number of organizations. An entry is replaced when a newer configuration version
 * is asked for; an older version (a stale read racing a save) is trained for that caller only.
 * Every PUT of the bot's documents makes a version, but only the examples train: a new version
 * whose examples are the same (routing rules, a greeting) keeps the models it has.
 */
export class ModelCache {
  private readonly entries = new Map<number, Entry>();
  private weight = 0;

  /** Classifiers whose training has started (tests see that a model was trained once, and when). */
  private started = 0;

  constructor(private readonly limits: ModelCacheLimits = DEFAULT_MODEL_CACHE_LIMITS) {}

  get size(): number {
    return this.entries.size;
  }

  get trainings(): number {
    return this.started;
  }

  /**
   * Trains both classifiers of a configuration now (after a PUT), so that the first message after
   * it does not wait for them. Resolves when both are ready.
   */
  async prepare(config: BotModelConfig): Promise<void> {
    const models = this.modelsFor(config);
    await Promise.all([models.intents(), models.categories()]);
  }

  modelsFor(config: BotModelConfig): OrgModels {
    const cached = this.entries.get(config.orgId);
    if (cached && cached.models.version === config.version) {
      // Map order is insertion order: re-inserting makes this the most recently used.
      this.entries.delete(config.orgId);
      this.entries.set(config.orgId, cached);
      return cached.models;
    }
    const examples = examplesDigest(config);
    const models =
      cached?.examples === examples
        ? { ...cached.models, version: config.version }
        : this.trainModels(config);
    const entry = { models, weight: trainingChars(config), examples };
    if (!cached || config.version > cached.models.version) this.store(config.orgId, entry);
    return entry.models;
  }

  private store(orgId: number, entry: Entry): void {
    this.remove(orgId);
    this.entries.set(orgId, entry);
    this.weight += entry.weight;
    for (const oldest of this.entries.keys()) {
      const over =
        this.entries.size > this.limits.maxOrganizations || this.weight > this.limits.maxTrainingChars;
      if (!over || oldest === orgId) break;
      this.remove(oldest);
    }
  }

  /** Each classifier is trained on first use: the bot's turn needs intents, re-classify needs categories. */
  private trainModels(config: BotModelConfig): OrgModels {
    let intents: Promise<TextClassifier> | undefined;
    let categories: Promise<TextClassifier> | undefined;
    const train = (examples: LabelledText[]) => {
      this.started++;
      return trainClassifierInSlices(examples);
    };
    return {
      version: config.version,
      intents: () => (intents ??= train(intentExamples(config))),
      categories: () => (categories ??= train(categoryExamples(config))),
    };
  }

  private remove(orgId: number): void {
    const entry = this.entries.get(orgId);
    if (!entry) return;
    this.entries.delete(orgId);
    this.weight -= entry.weight;
  }
}

export function intentExamples(config: BotModelConfig): LabelledText[] {
  return config.settings.intents.flatMap((intent) =>
    intent.examples.map((text) => ({ label: intent.name, text })),
  );
}

/**
 * A category learns from its examples, from the examples of the intents that lead to it, and from
 * its name and description: one example each among many, so they weigh less than the examples, but
 * a category nobody gave examples for can still be recognized.
 */
export function categoryExamples(config: BotModelConfig): LabelledText[] {
  const byName = new Map(config.categories.data.map((c) => [c.name.toLowerCase(), c.name]));
  const fromCategories = config.categories.data.flatMap((category) =>
    [category.name, category.description ?? '', ...(category.examples ?? [])]
      .filter((text) => text.trim() !== '')
      .map((text) => ({ label: category.name, text })),
  );
  const fromIntents = config.settings.intents.flatMap((intent) => {
    const label = intent.category && byName.get(intent.category.toLowerCase());
    return label ? intent.examples.map((text) => ({ label, text })) : [];
  });
  return [...fromCategories, ...fromIntents];
}

function examplesDigest(config: BotModelConfig): string {
  const examples = JSON.stringify([intentExamples(config), categoryExamples(config)]);
  return createHash('sha256').update(examples).digest('base64');
}

function trainingChars(config: BotModelConfig): number {
  const texts = [...intentExamples(config), ...categoryExamples(config)];
  return texts.reduce((sum, example) => sum + example.text.length, 0);
}
