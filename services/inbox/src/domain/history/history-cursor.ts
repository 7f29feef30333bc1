import { z } from 'zod';
import { BOT_LANGUAGES, CATEGORY_SOURCES, CONVERSATION_STATUSES } from '@inbox/contracts';
import { invalid, isIsoInstant } from '@inbox/platform';
import type { MessagePosition } from '../../db/repositories/history.repository';
import type { UnitPlan } from './unit-plan';
import type { UnitProgress } from './unit-teller';

/**
 * Where the next page starts: after a finished conversation, or inside one (after a message, or
 * after its creation when `message` is null) with its plan and the progress carried so far, so
 * resuming reads neither the conversation nor its first agent and bot messages again. `before`:
 * the cutoff of the export that issued it.
 */
export type HistoryCursor =
  | { kind: 'after'; before: string; conversationId: string }
  | {
      kind: 'inside';
      before: string;
      plan: UnitPlan;
      message: MessagePosition | null;
      progress: UnitProgress;
    };

const id = z.string().min(1).max(200);
const instant = z.string().refine(isIsoInstant);
const status = z.enum(CONVERSATION_STATUSES);

const planSchema = z.strictObject({
  conversationId: id,
  orgId: z.number().int().min(0),
  waId: z.string().max(64),
  createdAt: instant,
  origin: z.string().max(64),
  texts: z.strictObject({
    greeting: z.string().nullable(),
    fallbackMessage: z.string(),
    handoffMessage: z.string().nullable(),
    outOfHoursMessage: z.string().nullable(),
    language: z.enum(BOT_LANGUAGES),
    inactivityCloseHours: z.number().int().positive(),
  }),
  startStatus: status,
  botStarted: z.boolean(),
  peopleTook: z.boolean(),
  assignee: id.nullable(),
  teamId: id.nullable(),
  category: z
    .strictObject({
      name: z.string().min(1),
      source: z.enum(CATEGORY_SOURCES),
      confidence: z.number().nullable(),
    })
    .nullable(),
  firstAgentId: id.nullable(),
  anchorBot: z
    .strictObject({ id, at: instant, handoff: z.enum(['handoff', 'out_of_hours']).nullable() })
    .nullable(),
  closedAt: instant.nullable(),
  status: status.nullable(),
});

const progressSchema = z.strictObject({
  status,
  replayed: status,
  handedOff: z.boolean(),
  armed: z.boolean(),
  assigned: z.boolean(),
  closed: z.boolean(),
  lastCustomer: id.nullable(),
  fallbacks: z.number().int().min(0),
  lastAt: instant,
  lastMessageAt: instant.nullable(),
});

const cursorSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('after'), before: instant, conversationId: id }),
  z.strictObject({
    kind: z.literal('inside'),
    before: instant,
    plan: planSchema,
    message: z.strictObject({ position: instant, messageId: id }).nullable(),
    progress: progressSchema,
  }),
]);

/**
 * Longer than the platform's page cursors (MAX_CURSOR_LENGTH, the gateway's): an inside cursor
 * carries the organization's bot texts (up to four of BOT_LIMITS.message) with the plan. Only the
 * analytics rebuild sees it.
 */
const MAX_TOKEN = 64 * 1024;
const TOKEN = /^[A-Za-z0-9_-]+$/;

export const encodeHistoryCursor = (cursor: HistoryCursor): string =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

const refuse = () =>
  invalid('INVALID_AFTER', '`after` is not a cursor this export returned', [
    { path: 'after', message: "the previous page's `next`, with the same `before`" },
  ]);

const parse = (token: string): unknown => {
  try {
    return JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
};

/** null: the first page. Every field is checked, and the cursor must come from an export with this cutoff. */
export function decodeHistoryCursor(token: string, before: Date): HistoryCursor | null {
  if (token === '') return null;
  if (token.length > MAX_TOKEN || !TOKEN.test(token)) throw refuse();
  const parsed = cursorSchema.safeParse(parse(token));
  if (!parsed.success || new Date(parsed.data.before).getTime() !== before.getTime()) throw refuse();
  return parsed.data;
}
