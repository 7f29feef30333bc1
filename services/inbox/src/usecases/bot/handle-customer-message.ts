import { INBOX_EVENTS } from '@inbox/contracts';
import { transactThenPublish, type CallerContext, type Db } from '@inbox/platform';
import { decideTurn, type TurnDecision } from '../../bot/domain/turn';
import type { IntentResult } from '../../bot/intelligence/intelligence';
import { botStateRepository, type BotStateRow } from '../../db/repositories/bot-state.repository';
import type { ConversationRow } from '../../db/repositories/conversation-views';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import type { InboxDeps } from '../../deps';
import { isWindowOpen } from '../../domain/reply-window';
import type { ChangeContext } from '../conversations/conversation-changes';
import type { StoredOutbound } from '../messages/send-outcome';
import { loadBotConfig, type LoadedBotConfig } from './bot-config';
import { botCaller, botMessageKey, deliverBotMessages, storeBotMessage, type BotReply } from './bot-send';
import { applyBotCategory, lockTurn, turnTaken, type TurnRef } from './bot-turn';
import { handOffConversation } from './handoff';

export interface CustomerMessage extends TurnRef {
  type: string;
  text: string | null;
  /** A button's payload or a list row's id. */
  replyId: string | null;
}

export type TurnOutcome = 'answered' | 'fallback' | 'handed_off' | 'skipped';

/** Messages that say nothing to answer: a reaction to one of ours, WhatsApp's own notices. */
const SILENT_TYPES = new Set(['reaction', 'system']);

/** Decisions retried when another turn (or a return-to-bot) changed the bot's state meanwhile. */
const MAX_DECISIONS = 3;

/**
 * One turn of the bot on a customer message of a BOT_HANDLING conversation: the greeting on the
 * first turn, then an intent's answer, the fallback message, or a handoff to people. Understanding
 * (and the handoff's routing) happens outside any transaction; the answer is stored in one that
 * re-checks the conversation is still the bot's, and sent after it commits. Safe to run again for
 * the same message: it is answered once.
 */
export async function handleCustomerMessage(deps: InboxDeps, message: CustomerMessage): Promise<TurnOutcome> {
  if (SILENT_TYPES.has(message.type)) return 'skipped';
  const conversation = await conversationsRepository.find(deps.db, message.orgId, message.conversationId);
  if (conversation?.status !== 'BOT_HANDLING') return 'skipped';
  const config = await loadBotConfig(deps.db, message.orgId);
  if (!config.settings.enabled) return 'skipped';
  const intent = await recognize(deps, config, message);
  for (let attempt = 0; attempt < MAX_DECISIONS; attempt++) {
    const seen = await botStateRepository.find(deps.db, message.orgId, message.conversationId);
    if (await turnTaken(deps, message, seen)) return 'skipped';
    const decision = decideTurn({
      settings: config.settings,
      state: { greeted: seen?.greeted ?? false, consecutiveFallbacks: seen?.consecutiveFallbacks ?? 0 },
      message: { type: message.type, text: message.text, replyId: message.replyId },
      intent,
    });
    const outcome =
      decision.kind === 'handoff'
        ? await handOffConversation(deps, { turn: message, conversation, config, seen, decision, intent })
        : await reply(deps, message, seen, decision, intent);
    if (outcome !== 'stale') return outcome;
  }
  // Turns kept landing in between: the bus delivers this one again later.
  throw new Error(`bot turn on ${message.messageId}: the conversation kept changing`);
}

async function recognize(
  deps: InboxDeps,
  config: LoadedBotConfig,
  message: CustomerMessage,
): Promise<IntentResult> {
  const text = message.text?.trim();
  if (text) return deps.intelligence.recognizeIntent(config, text);
  return { intent: null, confidence: 0, language: config.settings.language, engine: 'builtin' };
}

type ReplyDecision = Exclude<TurnDecision, { kind: 'handoff' }>;

/** The greeting and the answer (or fallback message) stored in one transaction, then sent. */
async function reply(
  deps: InboxDeps,
  turn: CustomerMessage,
  seen: BotStateRow | undefined,
  decision: ReplyDecision,
  intent: IntentResult,
): Promise<TurnOutcome | 'stale'> {
  const caller = botCaller(turn.orgId, turn.requestId);
  const result = await transactThenPublish(deps, async (tx) => {
    const locked = await lockTurn(tx, turn, seen);
    if (typeof locked === 'string') return locked;
    const now = deps.now();
    await botStateRepository.saveTurn(
      tx,
      turn.orgId,
      turn.conversationId,
      { ...decision.state, lastTurnMessageId: turn.messageId },
      now,
    );
    // The customer has just written, so the window is open unless this delivery is very late.
    if (!isWindowOpen(locked.row.lastCustomerMessageAt, now)) return [];
    return storeReplies(deps, tx, caller, locked.row, turn, decision, intent);
  });
  if (result === 'stale') return 'stale';
  if (result === 'skip') return 'skipped';
  await deliverBotMessages(deps, caller, result);
  return decision.kind === 'answer' ? 'answered' : 'fallback';
}

async function storeReplies(
  deps: InboxDeps,
  tx: Db,
  caller: CallerContext,
  conversation: ConversationRow,
  turn: CustomerMessage,
  decision: ReplyDecision,
  intent: IntentResult,
): Promise<StoredOutbound[]> {
  const ctx: ChangeContext = { deps, tx, origin: caller, actorId: null, by: 'bot' };
  const ref = { conversationId: conversation.id, waId: conversation.waId };
  const common = { ...ref, inReplyTo: turn.messageId, language: intent.language };
  let row = conversation;
  if (decision.kind === 'answer')
    row = await applyBotCategory(ctx, row, decision.intent.category ?? null, intent.confidence);
  const stored: StoredOutbound[] = [];
  const store = async (message: BotReply) => {
    const item = await storeBotMessage(
      deps,
      tx,
      caller,
      row,
      message,
      botMessageKey(turn.messageId, stored.length + 1),
    );
    stored.push(item);
    return item.message.id;
  };
  if (decision.greeting) {
    const id = await store({ type: 'text', text: decision.greeting });
    await deps.events.record(tx, caller, INBOX_EVENTS.botReplied, {
      ...common,
      messageIds: [id],
      kind: 'greeting',
      intent: null,
      confidence: null,
    });
  }
  if (decision.kind === 'answer') {
    const id = await store(decision.answer);
    await deps.events.record(tx, caller, INBOX_EVENTS.botReplied, {
      ...common,
      messageIds: [id],
      kind: 'answer',
      intent: decision.intent.name,
      confidence: intent.confidence,
    });
  } else {
    await store({ type: 'text', text: decision.text });
    await deps.events.record(tx, caller, INBOX_EVENTS.botFallback, {
      ...common,
      consecutive: decision.consecutive,
      confidence: intent.confidence,
    });
  }
  return stored;
}
