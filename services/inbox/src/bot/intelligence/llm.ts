import { BOT_LIMITS, type BotLanguage } from '@inbox/contracts';
import type { Logger } from '@inbox/platform';
import { z } from 'zod';
import { CircuitBreaker } from './circuit-breaker';
import type {
  BotModelConfig,
  CategoryResult,
  Intelligence,
  IntentResult,
  Summary,
  SummaryInput,
} from './intelligence';
import { chatJson, LlmError, type ChatMessage, type LlmOptions } from './llm-client';
import { categoryPrompt, intentPrompt, summaryPrompt } from './prompts';
import { recentTexts } from './recent-texts';

/** An intent the model picks with less confidence than this is not taken: a fallback beats a wrong answer. */
export const LLM_MIN_INTENT_CONFIDENCE = 0.5;

const confidence = z.coerce.number().min(0).max(1);
const categoryAnswer = z.object({ category: z.string().nullable(), confidence });
const intentAnswer = z.object({ intent: z.string().nullable(), confidence });
const summaryAnswer = z.object({ summary: z.string() });

/**
 * The built-in intelligence with an OpenAI-compatible model in front where it helps: a category
 * or intent is only ever a name from the organization's own list (anything else is ignored), and
 * every failure (error, timeout, unusable answer, open circuit) gives the built-in answer.
 */
export class LlmIntelligence implements Intelligence {
  private readonly breaker = new CircuitBreaker({ failures: 5, openMs: 30_000 });

  constructor(
    private readonly builtin: Intelligence,
    private readonly options: LlmOptions,
    private readonly logger: Logger,
  ) {}

  async recognizeIntent(config: BotModelConfig, text: string): Promise<IntentResult> {
    const known = await this.builtin.recognizeIntent(config, text);
    // The model is asked only when the built-in classifier is unsure: the bot's turn stays fast.
    if (known.intent || config.settings.intents.length === 0 || text.trim() === '') return known;
    const answer = await this.ask('recognizeIntent', config.orgId, intentPrompt(config, text), intentAnswer);
    if (!answer) return known;
    if (answer.intent === null || answer.intent.trim().toLowerCase() === 'none')
      return { ...known, engine: 'llm' };
    const intent = findByName(config.settings.intents, answer.intent);
    if (!intent) return this.fallback('recognizeIntent', config.orgId, 'off_list', known, answer.intent);
    if (answer.confidence < LLM_MIN_INTENT_CONFIDENCE) return { ...known, engine: 'llm' };
    return { intent, confidence: answer.confidence, language: known.language, engine: 'llm' };
  }

  async classifyCategory(config: BotModelConfig, texts: string[]): Promise<CategoryResult> {
    if (recentTexts(texts).length === 0 || config.categories.data.length === 0)
      return this.builtin.classifyCategory(config, texts);
    const answer = await this.ask(
      'classifyCategory',
      config.orgId,
      categoryPrompt(config, texts),
      categoryAnswer,
    );
    if (!answer) return this.builtin.classifyCategory(config, texts);
    if (answer.category === null || answer.category.trim().toLowerCase() === 'none')
      return { category: null, confidence: answer.confidence, engine: 'llm' };
    const category = findByName(config.categories.data, answer.category);
    if (!category) {
      const builtin = await this.builtin.classifyCategory(config, texts);
      return this.fallback('classifyCategory', config.orgId, 'off_list', builtin, answer.category);
    }
    return { category: category.name, confidence: answer.confidence, engine: 'llm' };
  }

  async summarize(input: SummaryInput): Promise<Summary> {
    if (!input.transcript.some((line) => line.from === 'customer')) return this.builtin.summarize(input);
    const answer = await this.ask('summarize', null, summaryPrompt(input), summaryAnswer);
    const summary = answer?.summary.trim() ?? '';
    if (summary === '') {
      const builtin = await this.builtin.summarize(input);
      return answer ? this.fallback('summarize', null, 'empty', builtin) : builtin;
    }
    return { summary: summary.slice(0, BOT_LIMITS.handoffSummary), source: 'llm' };
  }

  detectLanguage(text: string, fallback: BotLanguage): BotLanguage {
    return this.builtin.detectLanguage(text, fallback);
  }

  /** The model needs no training; the built-in classifiers (its fallback) do. */
  prepare(config: BotModelConfig): Promise<void> {
    return this.builtin.prepare(config);
  }

  /** The model's checked answer, or null (logged) when there is none to use. */
  private async ask<T>(
    operation: string,
    orgId: number | null,
    messages: ChatMessage[],
    answer: z.ZodType<T>,
  ): Promise<T | null> {
    if (!this.breaker.allows()) {
      this.warn(operation, orgId, 'circuit_open');
      return null;
    }
    try {
      const result = await chatJson(this.options, messages, answer);
      this.breaker.succeeded();
      return result;
    } catch (error) {
      // Anything but the model's failure (a call inside a transaction) is a bug: let it surface.
      if (!(error instanceof LlmError)) throw error;
      // An unusable answer still proves the server is up; only outages and slowness open the circuit.
      if (error.failure === 'invalid_answer') this.breaker.succeeded();
      else this.breaker.failed();
      this.warn(operation, orgId, error.failure, error.message);
      return null;
    }
  }

  private fallback<T>(
    operation: string,
    orgId: number | null,
    reason: string,
    result: T,
    detail?: string,
  ): T {
    this.warn(operation, orgId, reason, detail);
    return result;
  }

  private warn(operation: string, orgId: number | null, reason: string, detail?: string): void {
    this.logger.warn({ operation, orgId, reason, detail }, 'LLM answer not used; built-in answer given');
  }
}

function findByName<T extends { name: string }>(list: T[], name: string): T | undefined {
  const wanted = name.trim().toLowerCase();
  return list.find((item) => item.name.toLowerCase() === wanted);
}
