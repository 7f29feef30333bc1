import type { Db } from '@inbox/platform';
import { botStateRepository, type BotStateRow } from '../../db/repositories/bot-state.repository';
import type { ConversationRow } from '../../db/repositories/conversation-views';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import { messagesRepository } from '../../db/repositories/messages.repository';
import type { InboxDeps } from '../../deps';
import { applyFields, type ChangeContext } from '../conversations/conversation-changes';

/** The customer message a bot turn answers. */
export interface TurnRef {
  orgId: number;
  conversationId: string;
  messageId: string;
  /** When the customer wrote it (the platform's time, as the message is stored). */
  sentAt: Date;
  requestId: string;
  /** The bus will not deliver it again: a handoff whose routing fails goes out unrouted instead. */
  lastAttempt?: boolean;
}

/**
 * Whether the bot must leave this message alone whatever it says: already acted on (a
 * redelivery), older than a message it already answered (deliveries out of order), or from before
 * the bot's context began (written while people had the conversation).
 */
export async function turnTaken(
  deps: InboxDeps,
  turn: TurnRef,
  state: BotStateRow | undefined,
): Promise<boolean> {
  if (!state) return false;
  if (state.lastTurnMessageId === turn.messageId) return true;
  if (state.contextSince && turn.sentAt < state.contextSince) return true;
  if (!state.lastTurnMessageId) return false;
  const last = await messagesRepository.find(deps.db, turn.orgId, state.lastTurnMessageId);
  return last !== undefined && last.createdAt > turn.sentAt;
}

/** What the locked conversation allows: act on it, leave it, or decide again from fresh state. */
export type LockedTurn = { row: ConversationRow } | 'skip' | 'stale';

/**
 * Locks the conversation for a turn decided outside the transaction, and checks that deciding was
 * right: the conversation is still with the bot (after a takeover the bot never speaks again) and
 * the bot's state is the one the decision read (else another turn or a return-to-bot came first).
 */
export async function lockTurn(tx: Db, turn: TurnRef, seen: BotStateRow | undefined): Promise<LockedTurn> {
  const row = await conversationsRepository.lock(tx, turn.orgId, turn.conversationId);
  if (row?.status !== 'BOT_HANDLING') return 'skip';
  const fresh = await botStateRepository.find(tx, turn.orgId, turn.conversationId);
  if (fresh?.lastTurnMessageId === turn.messageId) return 'skip';
  if (fresh?.updatedAt.getTime() !== seen?.updatedAt.getTime()) return 'stale';
  return { row };
}

/** The bot may set a category nobody chose: none yet, or one an earlier guess (ai, template) gave. */
export const botMayCategorize = (row: ConversationRow): boolean =>
  row.category === null || row.categorySource === 'ai' || row.categorySource === 'template';

/** Gives the locked conversation the category the bot found, unless a person or a merge chose one. */
export async function applyBotCategory(
  ctx: ChangeContext,
  row: ConversationRow,
  category: string | null,
  confidence: number | null,
): Promise<ConversationRow> {
  if (!category || !botMayCategorize(row)) return row;
  return applyFields(ctx, row, { category }, 'ai', confidence);
}
