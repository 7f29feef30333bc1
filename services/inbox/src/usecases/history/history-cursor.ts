import { z } from 'zod';
import { decodeCursor, encodeCursor, invalid } from '@inbox/platform';
import type { MessagePosition } from '../../db/repositories/history.repository';
import type { UnitProgress } from './unit-events';

/**
 * Where the next page starts: after a finished conversation, or inside one (after a message,
 * or after its creation when `message` is null) with the progress carried so far.
 */
export type HistoryCursor =
  | { kind: 'after'; conversationId: string }
  | { kind: 'inside'; conversationId: string; message: MessagePosition | null; progress: UnitProgress };

const progressSchema = z.object({
  status: z.string(),
  handedOff: z.boolean(),
  armed: z.boolean(),
  assigned: z.boolean(),
  closed: z.boolean(),
  lastCustomer: z.string().nullable(),
  fallbacks: z.number().int(),
  lastAt: z.string(),
});

export function encodeHistoryCursor(cursor: HistoryCursor): string {
  if (cursor.kind === 'after') return encodeCursor([cursor.conversationId, null, null, null]);
  const { message, progress } = cursor;
  return encodeCursor([
    cursor.conversationId,
    message?.position ?? null,
    message?.messageId ?? null,
    JSON.stringify(progress),
  ]);
}

const refuse = () =>
  invalid('INVALID_AFTER', '`after` is not a cursor this export returned', [
    { path: 'after', message: "the previous page's `next`" },
  ]);

/** null: the first page. */
export function decodeHistoryCursor(token: string): HistoryCursor | null {
  if (token === '') return null;
  const [conversationId, position, messageId, progress] = decodeCursor(token, 4, 'after');
  if (!conversationId) throw refuse();
  if (progress === null) return { kind: 'after', conversationId };
  let parsed: ReturnType<typeof progressSchema.safeParse>;
  try {
    parsed = progressSchema.safeParse(JSON.parse(progress));
  } catch {
    throw refuse();
  }
  if (!parsed.success || (position === null) !== (messageId === null)) throw refuse();
  return {
    kind: 'inside',
    conversationId,
    message: position !== null && messageId !== null ? { conversationId, position, messageId } : null,
    progress: parsed.data,
  };
}
