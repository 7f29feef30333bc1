import { decodeCursor, encodeCursor, invalid, isId } from '@inbox/platform';

/**
 * The user after which the next page starts (null: the first page, ''). Anything but a cursor
 * this export made — `[null]`, a number, another shape — is a 400, never a restart from the
 * first page (a caller that kept sending it would loop).
 */
export function decodeUserCursor(after: string): string | null {
  if (after === '') return null;
  const [id] = decodeCursor(after, 1, 'after');
  if (id === null || !isId(id))
    throw invalid('VALIDATION_FAILED', 'The cursor is not one this service returned', [
      { path: 'after', message: 'Use `next` from a previous page' },
    ]);
  return id;
}

export const encodeUserCursor = (id: string): string => encodeCursor([id]);
