import type { BotSettings } from '@inbox/contracts';
import { initialStatus, TEMPLATE_START } from '../../domain/conversation-state';

/**
 * What the inbox stores of one conversation, read for the history export (only facts before the
 * cutoff), and the plan of the events it is told as. Pure: the repository reads, this decides.
 */

export interface HistoryConversation {
  id: string;
  orgId: number;
  waId: string;
  status: string;
  assignedTo: string | null;
  teamId: string | null;
  category: string | null;
  categorySource: string | null;
  categoryConfidence: number | null;
  origin: string;
  handoffSummary: string | null;
  createdAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
  lastMessageAt: Date | null;
}

export interface UnitFacts {
  conversation: HistoryConversation;
  /** The bot's memory of the conversation; `contextSince` is set by a return-to-bot or a reopen. */
  botState: { contextSince: Date | null } | null;
  /** The first message of a human agent before the cutoff. */
  firstAgentId: string | null;
  /** The bot's last message before the first agent message (before the cutoff when there is none). */
  anchorBot: { id: string; at: Date } | null;
}

export interface HistoryMessage {
  id: string;
  direction: string;
  sender: string;
  senderUserId: string | null;
  type: string;
  text: string | null;
  mediaCaption: string | null;
  providerMessageId: string | null;
  replyToProviderId: string | null;
  idempotencyKey: string | null;
  providerTimestamp: Date | null;
  createdAt: Date;
}

/** The organization's bot texts the bot's stored messages are recognized by. */
export type BotTexts = Pick<
  BotSettings,
  | 'greeting'
  | 'fallbackMessage'
  | 'handoffMessage'
  | 'outOfHoursMessage'
  | 'language'
  | 'inactivityCloseHours'
>;

export interface UnitPlan {
  facts: UnitFacts;
  texts: BotTexts;
  /** The cutoff: facts at or after it have not happened yet. */
  before: Date;
  /** The status the conversation was created with. */
  startStatus: string;
  botStarted: boolean;
  /** A bot-started conversation that people took: one `conversation.handoff` is told. */
  peopleTook: boolean;
  /** The close before the cutoff; `byBot`: the bot's inactivity close (contained). */
  close: { at: Date; byBot: boolean } | null;
}

const HOUR_MS = 3600_000;

/**
 * Whether the bot had the conversation from its creation: a conversation a template started never;
 * otherwise when the bot spoke before any agent, when the bot took turns and was never given the
 * conversation back (no `contextSince`), or when it is still the bot's and no agent ever wrote.
 */
export function botStarted(facts: UnitFacts): boolean {
  const { conversation: c, botState, firstAgentId, anchorBot } = facts;
  if (c.origin === 'TEMPLATE') return false;
  if (anchorBot) return true;
  if (botState && botState.contextSince === null) return true;
  return c.status === 'BOT_HANDLING' && firstAgentId === null;
}

export function planUnit(facts: UnitFacts, texts: BotTexts, before: Date): UnitPlan {
  const c = facts.conversation;
  const bot = botStarted(facts);
  const startStatus =
    c.origin === 'TEMPLATE' ? TEMPLATE_START.status : bot ? initialStatus(true) : initialStatus(false);
  const peopleTook =
    bot &&
    (facts.firstAgentId !== null ||
      c.assignedTo !== null ||
      c.handoffSummary !== null ||
      (c.status !== 'BOT_HANDLING' && c.status !== 'CLOSED'));
  const closedAt = c.status === 'CLOSED' && c.closedAt && c.closedAt < before ? c.closedAt : null;
  // The bot's sweep closes a conversation silent for `inactivityCloseHours`; an earlier close of a
  // conversation still with the bot was an agent's (spam, a duplicate): not contained.
  const silentFor = closedAt ? closedAt.getTime() - (c.lastMessageAt ?? c.createdAt).getTime() : 0;
  const byBot = bot && !peopleTook && silentFor >= texts.inactivityCloseHours * HOUR_MS;
  return {
    facts,
    texts,
    before,
    startStatus,
    botStarted: bot,
    peopleTook,
    close: closedAt ? { at: closedAt, byBot } : null,
  };
}

/** The bot's handoff message, or its out-of-hours one (the opening time filled in). */
export function handoffTextKind(texts: BotTexts, text: string | null): 'handoff' | 'out_of_hours' | null {
  if (text === null) return null;
  if (texts.handoffMessage !== null && text === texts.handoffMessage) return 'handoff';
  const template = texts.outOfHoursMessage;
  if (template === null) return null;
  const [head, ...rest] = template.split('{nextOpening}');
  if (rest.length === 0) return text === template ? 'out_of_hours' : null;
  const tail = rest.join('{nextOpening}');
  return text.startsWith(head) && text.endsWith(tail) && text.length > head.length + tail.length
    ? 'out_of_hours'
    : null;
}
