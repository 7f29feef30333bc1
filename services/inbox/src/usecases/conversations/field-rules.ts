import { CONVERSATION_LIMITS, ID_MAX_LENGTH } from '@inbox/contracts';
import { invalid } from '@inbox/platform';

export const LIMITS = {
  id: ID_MAX_LENGTH,
  category: CONVERSATION_LIMITS.category,
  handoffSummary: CONVERSATION_LIMITS.handoffSummary,
  followUpNote: CONVERSATION_LIMITS.followUpNote,
} as const;

/**
 * Trims free text; null stays null (a clear). Blank text is a clear where `blank` is 'null' and a
 * 400 naming the field where it is 'invalid'; text over `max` characters is a 400 either way.
 */
export function cleanText<T extends string | null | undefined>(
  value: T,
  path: string,
  max: number,
  blank: 'null' | 'invalid' = 'invalid',
): T extends string ? string | null : T {
  type Out = T extends string ? string | null : T;
  if (typeof value !== 'string') return value as Out;
  const text = value.trim();
  if (text.length > max)
    throw invalid('VALIDATION_FAILED', `${path} is too long`, [
      { path, message: `At most ${max} characters` },
    ]);
  if (text.length > 0) return text as Out;
  if (blank === 'null') return null as Out;
  throw invalid('VALIDATION_FAILED', `${path} must not be blank`, [{ path, message: 'Must not be blank' }]);
}

/** An id another service owns (user, tag, team): checked for shape here, for existence where it lives. */
export function cleanId(value: string, path: string): string {
  return cleanText(value, path, LIMITS.id) as string;
}
