import type {
  BotCategories,
  BotIntent,
  BotLanguage,
  BotSettings,
  ClassificationEngine,
  HandoffReason,
} from '@inbox/contracts';

/**
 * What the bot's intelligence does, whoever does it: the built-in offline models (always there),
 * or an OpenAI-compatible model when configured, with the built-in path as the fallback on any
 * error. Use cases depend on this port only.
 */

/** One organization's configuration at one version: models are trained from it and cached by version. */
export interface BotModelConfig {
  orgId: number;
  version: number;
  settings: BotSettings;
  categories: BotCategories;
}

export interface IntentResult {
  /** The recognized intent, or null when none is confident enough (score and margin thresholds). */
  intent: BotIntent | null;
  /** The best intent's score (0..1), even when it was not accepted. */
  confidence: number;
  language: BotLanguage;
  engine: ClassificationEngine;
}

export interface CategoryResult {
  /** One of the organization's categories (exact name), or null when none fits with confidence. */
  category: string | null;
  confidence: number;
  engine: ClassificationEngine;
}

export interface TranscriptLine {
  from: 'customer' | 'bot' | 'agent';
  text: string;
  at: Date;
}

export interface SummaryInput {
  /** The customer's language (detected), for the summary's headings. */
  language: BotLanguage;
  /** Oldest first; only the bot's context (since creation, or the last return-to-bot). */
  transcript: TranscriptLine[];
  reason: HandoffReason | null;
  category: string | null;
  /** The summary an agent left when returning the conversation to the bot. */
  previousSummary: string | null;
}

export interface Summary {
  summary: string;
  source: ClassificationEngine;
}

export interface Intelligence {
  /** Trains what `config` needs ahead of its first use (right after a PUT); resolves when ready. */
  prepare(config: BotModelConfig): Promise<void>;
  /** Which intent a customer message asks for (the bot's hot path: fast, never throws). */
  recognizeIntent(config: BotModelConfig, text: string): Promise<IntentResult>;
  /** Which of the organization's categories the customer's messages (oldest first) belong to. */
  classifyCategory(config: BotModelConfig, texts: string[]): Promise<CategoryResult>;
  /** The handoff summary an agent reads first. */
  summarize(input: SummaryInput): Promise<Summary>;
  detectLanguage(text: string, fallback: BotLanguage): BotLanguage;
}
