import { CATEGORY_SOURCES, type BotSettings, type CategorySource } from '@inbox/contracts';
import type { HistoryUnitRow } from '../../db/repositories/history.repository';
import { initialStatus, TEMPLATE_START } from '../conversation-state';

/**
 * How one conversation is told by the history export, decided once from what is stored (only
 * facts before the cutoff). The row's own fields count only when the row has not changed since
 * the cutoff (`updated_at` before it): otherwise they may tell a later assignment, takeover, team,
 * category, reopen or close, and the plan is derived from the messages before the cutoff instead.
 * Pure and plain JSON (times as ISO text): a page that ends inside the conversation carries the
 * plan in its cursor, so the whole conversation is told under the plan its first page made.
 */

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

export type HandoffKind = 'handoff' | 'out_of_hours';

export interface UnitPlan {
  conversationId: string;
  orgId: number;
  waId: string;
  createdAt: string;
  origin: string;
  texts: BotTexts;
  /** The status the conversation was created with. */
  startStatus: string;
  botStarted: boolean;
  /** A bot-started conversation that people took before the cutoff: one `conversation.handoff` is told. */
  peopleTook: boolean;
  /** The assignee at the cutoff: the row's when unchanged since, else the first agent message's sender. */
  assignee: string | null;
  /** The team and category as they are now: current-state fields, which the live events after the cutoff only confirm. */
  teamId: string | null;
  category: { name: string; source: CategorySource; confidence: number | null } | null;
  firstAgentId: string | null;
  /** The bot's last message before people; `handoff` when it is the bot's handoff or out-of-hours message. */
  anchorBot: { id: string; at: string; handoff: HandoffKind | null } | null;
  /** The close before the cutoff, of a conversation still closed. */
  closedAt: string | null;
  /** The status at the cutoff when the row tells it; null: replayed from the messages. */
  status: string | null;
}

const before = (at: Date, cutoff: Date) => at.getTime() < cutoff.getTime();

/** The row is as it was at the cutoff: nothing changed it since. */
export const unchangedSince = (row: HistoryUnitRow, cutoff: Date) =>
  before(row.conversation.updatedAt, cutoff);

/**
 * Whether the bot had the conversation from its creation: a conversation a template started never;
 * otherwise when the bot spoke before any agent, when its state row (last written before the
 * cutoff) was never given back to it (no `contextSince`), or when a row unchanged since the
 * cutoff is still the bot's and no agent wrote.
 */
export function botStarted(row: HistoryUnitRow, cutoff: Date): boolean {
  const { conversation: c, botState, firstAgent, anchorBot } = row;
  if (c.origin === 'TEMPLATE') return false;
  if (anchorBot) return true;
  if (botState && before(botState.updatedAt, cutoff) && botState.contextSince === null) return true;
  return unchangedSince(row, cutoff) && c.status === 'BOT_HANDLING' && firstAgent === null;
}

const categorySource = (source: string | null): CategorySource =>
  (CATEGORY_SOURCES as readonly string[]).includes(source ?? '') ? (source as CategorySource) : 'agent';

export function planUnit(row: HistoryUnitRow, texts: BotTexts, cutoff: Date): UnitPlan {
  const c = row.conversation;
  const known = unchangedSince(row, cutoff);
  const bot = botStarted(row, cutoff);
  const handoff = row.anchorBot ? handoffTextKind(texts, row.anchorBot.text) : null;
  // People took it when an agent wrote or the bot sent its handoff message before the cutoff; a row
  // unchanged since also says so by its assignee, summary or status.
  const peopleTook =
    bot &&
    (row.firstAgent !== null ||
      handoff !== null ||
      (known &&
        (c.assignedTo !== null ||
          c.handoffSummary !== null ||
          (c.status !== 'BOT_HANDLING' && c.status !== 'CLOSED'))));
  // closed_at is cleared by a reopen: a conversation closed now with closed_at before the cutoff
  // was closed then and stayed so; one reopened since is told as open (its close is not stored).
  const closed = c.status === 'CLOSED' && c.closedAt !== null && before(c.closedAt, cutoff);
  return {
    conversationId: c.id,
    orgId: c.orgId,
    waId: c.waId,
    createdAt: c.createdAt.toISOString(),
    origin: c.origin,
    texts,
    startStatus: c.origin === 'TEMPLATE' ? TEMPLATE_START.status : initialStatus(bot),
    botStarted: bot,
    peopleTook,
    assignee: known ? c.assignedTo : (row.firstAgent?.senderUserId ?? null),
    // Current-state fields (analytics keeps the latest): told as they are now, changed since or not.
    teamId: c.teamId,
    category: c.category
      ? {
          name: c.category,
          source: categorySource(c.categorySource),
          confidence: c.categoryConfidence,
        }
      : null,
    firstAgentId: row.firstAgent?.id ?? null,
    anchorBot: row.anchorBot && { id: row.anchorBot.id, at: row.anchorBot.at.toISOString(), handoff },
    closedAt: closed ? c.closedAt!.toISOString() : null,
    status: known ? c.status : null,
  };
}

/** The bot's handoff message, or its out-of-hours one (the opening time filled in). */
export function handoffTextKind(texts: BotTexts, text: string | null): HandoffKind | null {
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
