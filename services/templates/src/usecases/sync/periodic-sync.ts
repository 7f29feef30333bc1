import type { TemplatesDeps } from '../../deps';

export interface PeriodicSync {
  stop(): Promise<void>;
}

/**
 * Syncs every organization's templates with WhatsApp every `intervalSeconds` (0: never), one
 * replica at a time. Slot filled by the sync work.
 */
export function startPeriodicSync(_deps: TemplatesDeps, _intervalSeconds: number): PeriodicSync {
  return { stop: async () => undefined };
}
