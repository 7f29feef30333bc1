import { CONVERSATION_SORTS, type ConversationSort } from '@inbox/contracts';
import { decodeCursor as decodeParts, encodeCursor as encodeParts, invalid } from '@inbox/platform';

// The sorts are the gateway's too: named in @inbox/contracts, their keys here.
export { CONVERSATION_SORTS, type ConversationSort };

/** The timestamp a sort orders by; `id` in the same direction breaks ties, so the order is total. */
export interface SortKey {
  field: 'lastMessageAt' | 'lastCustomerMessageAt' | 'createdAt';
  descending: boolean;
  /** Rows without a value come after every row with one, whatever the direction. */
  nullable: boolean;
}

export const SORT_KEYS: Record<ConversationSort, SortKey> = {
  newest: { field: 'lastMessageAt', descending: true, nullable: true },
  oldest: { field: 'lastMessageAt', descending: false, nullable: true },
  // Whoever wrote first and still waits comes first; conversations the customer never wrote in come last.
  waiting_longest: { field: 'lastCustomerMessageAt', descending: false, nullable: true },
  created_newest: { field: 'createdAt', descending: true, nullable: false },
  created_oldest: { field: 'createdAt', descending: false, nullable: false },
};

/**
 * Where the previous page ended: the last row's sort key and id. The key is the database's value
 * to the microsecond (`2026-05-10T12:00:00.123456Z`): a millisecond Date would skip rows.
 */
export interface ConversationCursor {
  sort: ConversationSort;
  key: string | null;
  id: string;
}

const KEY_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The cursor's parts, in the platform's opaque encoding: the sort, the key, the id. */
export const encodeCursor = (cursor: ConversationCursor): string =>
  encodeParts([cursor.sort, cursor.key, cursor.id]);

const badCursor = (message: string) =>
  invalid('VALIDATION_FAILED', 'The cursor is not valid for this list', [{ path: 'cursor', message }]);

function isRealInstant(key: string): boolean {
  const millis = key.slice(0, 23);
  const parsed = new Date(`${millis}Z`);
  // Date rolls 2026-02-30 over to March; a round trip catches that before PostgreSQL refuses it.
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 23) === millis;
}

/** The cursor a previous page answered, checked against the sort it is used with. */
export function decodeCursor(raw: string, sort: ConversationSort): ConversationCursor {
  const [s, k, id] = decodeParts(raw, 3);
  if (id === null || id.length === 0 || id.length > 100) throw badCursor('Not a cursor this API issued');
  if (s !== sort) throw badCursor(`The cursor belongs to another sort; start again without a cursor`);
  const keyOk = k === null ? SORT_KEYS[sort].nullable : KEY_PATTERN.test(k) && isRealInstant(k);
  if (!keyOk) throw badCursor('Not a cursor this API issued');
  return { sort, key: k, id };
}
