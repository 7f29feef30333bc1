import type { BotLanguage } from '@inbox/contracts';
import { buildSummary } from '../domain/summary';
import { accept } from '../nlp/classifier';
import { detectLanguage } from '../nlp/language';
import type {
  BotModelConfig,
  CategoryResult,
  Intelligence,
  IntentResult,
  Summary,
  SummaryInput,
} from './intelligence';
import { ModelCache } from './models';
import { recentTexts } from './recent-texts';

/**
 * Categories are taken with the same thresholds as intents (the classifier's ACCEPT): on the nlp
 * dataset's held-out messages they accept 82 % of them, 6.7 % of those wrongly, and 2 of 26
 * unrelated messages; looser ones (0.15/0.02) accepted 7 of 26 unrelated. A wrong category routes
 * the customer to the wrong team, which is worse than none.
 */

/** The offline intelligence: classifiers trained from the organization's examples, extractive summaries. */
export class BuiltinIntelligence implements Intelligence {
  constructor(private readonly models = new ModelCache()) {}

  async recognizeIntent(config: BotModelConfig, text: string): Promise<IntentResult> {
    const language = detectLanguage(text, config.settings.language);
    const ranking = (await this.models.modelsFor(config).intents()).rank(text);
    const best = accept(ranking);
    const intent = best ? (config.settings.intents.find((i) => i.name === best.label) ?? null) : null;
    return { intent, confidence: ranking[0]?.score ?? 0, language, engine: 'builtin' };
  }

  /**
   * The latest message that is confidently of a category decides (a greeting before it or an "ok"
   * after it does not); when none is, their concatenation, where weak signals add up. Measured on
   * the dataset, this beats classifying the concatenation or recency-weighted scores.
   */
  async classifyCategory(config: BotModelConfig, texts: string[]): Promise<CategoryResult> {
    const recent = recentTexts(texts);
    if (recent.length === 0 || config.categories.data.length === 0)
      return { category: null, confidence: 0, engine: 'builtin' };
    const classifier = await this.models.modelsFor(config).categories();
    for (const text of [...recent].reverse()) {
      const best = accept(classifier.rank(text));
      if (best) return { category: best.label, confidence: best.score, engine: 'builtin' };
    }
    const ranking = classifier.rank(recent.join('\n'));
    const best = accept(ranking);
    return { category: best?.label ?? null, confidence: ranking[0]?.score ?? 0, engine: 'builtin' };
  }

  prepare(config: BotModelConfig): Promise<void> {
    return this.models.prepare(config);
  }

  async summarize(input: SummaryInput): Promise<Summary> {
    return { summary: buildSummary(input), source: 'builtin' };
  }

  detectLanguage(text: string, fallback: BotLanguage): BotLanguage {
    return detectLanguage(text, fallback);
  }
}
