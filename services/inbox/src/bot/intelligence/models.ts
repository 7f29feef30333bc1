import { trainClassifier, type LabelledText, type TextClassifier } from '../nlp/classifier';
import type { BotModelConfig } from './intelligence';

/** One organization's trained classifiers at one configuration version. */
export interface OrgModels {
  readonly version: number;
  readonly intents: TextClassifier;
  readonly categories: TextClassifier;
}

export interface ModelCacheLimits {
  /** Organizations whose models stay in memory. */
  maxOrganizations: number;
  /** Characters of training text over all cached organizations: a proxy for the models' memory. */
  maxTrainingChars: number;
}

/** 100 intents × 100 examples × 500 characters is 5 M characters: the weight bound keeps a few of those. */
export const DEFAULT_MODEL_CACHE_LIMITS: ModelCacheLimits = {
  maxOrganizations: 500,
  maxTrainingChars: 20_000_000,
};

interface Entry {
  models: OrgModels;
  weight: number;
}

/**
 * Trained models per organization, least recently used evicted first, so memory stays bounded
 * whatever the number of organizations. An entry is replaced when a newer configuration version
 * is asked for; an older version (a stale read racing a save) is trained for that caller only.
 */
export class ModelCache {
  private readonly entries = new Map<number, Entry>();
  private weight = 0;

  constructor(private readonly limits: ModelCacheLimits = DEFAULT_MODEL_CACHE_LIMITS) {}

  get size(): number {
    return this.entries.size;
  }

  modelsFor(config: BotModelConfig): OrgModels {
    const cached = this.entries.get(config.orgId);
    if (cached && cached.models.version === config.version) {
      // Map order is insertion order: re-inserting makes this the most recently used.
      this.entries.delete(config.orgId);
      this.entries.set(config.orgId, cached);
      return cached.models;
    }
    const entry = { models: trainModels(config), weight: trainingChars(config) };
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

  private remove(orgId: number): void {
    const entry = this.entries.get(orgId);
    if (!entry) return;
    this.entries.delete(orgId);
    this.weight -= entry.weight;
  }
}

/** Each classifier is trained on first use: the bot's turn needs intents, re-classify needs categories. */
function trainModels(config: BotModelConfig): OrgModels {
  let intents: TextClassifier | undefined;
  let categories: TextClassifier | undefined;
  return {
    version: config.version,
    get intents() {
      return (intents ??= trainClassifier(intentExamples(config)));
    },
    get categories() {
      return (categories ??= trainClassifier(categoryExamples(config)));
    },
  };
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

function trainingChars(config: BotModelConfig): number {
  const texts = [...intentExamples(config), ...categoryExamples(config)];
  return texts.reduce((sum, example) => sum + example.text.length, 0);
}
