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

/** How much of the conversation the category is read from: the latest messages say the most. */
export const CATEGORY_CONTEXT = { messages: 10, chars: 2000 } as const;

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

  async classifyCategory(config: BotModelConfig, texts: string[]): Promise<CategoryResult> {
    const text = categoryContext(texts);
    if (text === '' || config.categories.data.length === 0)
      return { category: null, confidence: 0, engine: 'builtin' };
    const ranking = this.models.modelsFor(config).categories.rank(text);
    const best = accept(ranking);
    return { category: best?.label ?? null, confidence: ranking[0]?.score ?? 0, engine: 'builtin' };
  }

  async summarize(input: SummaryInput): Promise<Summary> {
    return { summary: buildSummary(input), source: 'builtin' };
  }

  detectLanguage(text: string, fallback: BotLanguage): BotLanguage {
    return detectLanguage(text, fallback);
  }
}

/** The customer's latest messages (oldest first), within the character budget. */
export function categoryContext(texts: string[]): string {
  const kept: string[] = [];
  let chars = 0;
  for (const text of texts.slice(-CATEGORY_CONTEXT.messages).reverse()) {
    const trimmed = text.trim();
    if (trimmed === '') continue;
    if (chars + trimmed.length > CATEGORY_CONTEXT.chars && kept.length > 0) break;
    kept.unshift(trimmed.slice(0, CATEGORY_CONTEXT.chars));
    chars += trimmed.length;
  }
  return kept.join('\n');
}
