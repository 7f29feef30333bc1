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
 * When a category is taken. Categories are broader than intents (several intents each), so their
 * scores run lower than ACCEPT's: measured on the nlp dataset's held-out messages, these accept
 * about two thirds of them correctly, one in ten wrongly, and few unrelated messages.
 */
export const CATEGORY_ACCEPT = { minScore: 0.15, minMargin: 0.02 };

/** The offline intelligence: classifiers trained from the organization's examples, extractive summaries. */
export class BuiltinIntelligence implements Intelligence {
  constructor(private readonly models = new ModelCache()) {}

  async recognizeIntent(config: BotModelConfig, text: string): Promise<IntentResult> {
    const language = detectLanguage(text, config.settings.language);
    const ranking = this.models.modelsFor(config).intents.rank(text);
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
    const classifier = this.models.modelsFor(config).categories;
    for (const text of [...recent].reverse()) {
      const best = accept(classifier.rank(text), CATEGORY_ACCEPT);
      if (best) return { category: best.label, confidence: best.score, engine: 'builtin' };
    }
    const ranking = classifier.rank(recent.join('\n'));
    const best = accept(ranking, CATEGORY_ACCEPT);
    return { category: best?.label ?? null, confidence: ranking[0]?.score ?? 0, engine: 'builtin' };
  }

  async summarize(input: SummaryInput): Promise<Summary> {
    return { summary: buildSummary(input), source: 'builtin' };
  }

  detectLanguage(text: string, fallback: BotLanguage): BotLanguage {
    return detectLanguage(text, fallback);
  }
}
