import { MAX_BULK } from '@inbox/contracts';
import { DomainError, invalid } from '../errors';

// The cap is the gateway's too (its schemas and OpenAPI text): it lives in @inbox/contracts.
export { MAX_BULK };

export interface BulkFailure {
  id: string;
  code: string;
  message: string;
}

/** What a bulk action answers: the ids it changed, and why each of the others was refused. */
export interface BulkOutcome {
  succeeded: string[];
  failed: BulkFailure[];
}

export const tooManySelected = (max: number) =>
  invalid('VALIDATION_FAILED', `At most ${max} items at once`, [
    { path: 'selection', message: `Select at most ${max} items` },
  ]);

/**
 * Runs `each` for every distinct id, one after the other, each on its own (its own transaction,
 * if it opens one): one refusal does not undo the others. A DomainError (not found, conflict,
 * forbidden) becomes a failure row; anything else is a bug or an outage and stops the run.
 * More than `max` ids (default MAX_BULK) is refused before anything runs.
 */
export async function runBulk(
  ids: readonly string[],
  each: (id: string) => Promise<void>,
  options: { max?: number } = {},
): Promise<BulkOutcome> {
  const max = options.max ?? MAX_BULK;
  const distinct = [...new Set(ids)];
  if (distinct.length > max) throw tooManySelected(max);
  const outcome: BulkOutcome = { succeeded: [], failed: [] };
  for (const id of distinct) {
    try {
      await each(id);
      outcome.succeeded.push(id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      outcome.failed.push({ id, code: error.code, message: error.message });
    }
  }
  return outcome;
}
