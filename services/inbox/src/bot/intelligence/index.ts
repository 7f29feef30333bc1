import type { Logger } from '@inbox/platform';
import { BuiltinIntelligence } from './builtin';
import type { Intelligence } from './intelligence';
import type { LlmOptions } from './llm-client';
import { LlmIntelligence } from './llm';

export type * from './intelligence';
export type { LlmOptions } from './llm-client';

/** The built-in intelligence, decorated by an OpenAI-compatible model when one is configured. */
export function createIntelligence(options: { llm?: LlmOptions; logger: Logger }): Intelligence {
  const builtin = new BuiltinIntelligence();
  if (!options.llm) return builtin;
  return new LlmIntelligence(builtin, options.llm, options.logger);
}
