import { CONVERSATION_LIMITS, type BotLanguage, type BotSettings } from '@inbox/contracts';
import { transactThenPublish } from '@inbox/platform';
import type { RouteFacts } from '../../bot/domain/routing';
import type { TurnDecision } from '../../bot/domain/turn';
import type { CategoryResult, IntentResult } from '../../bot/intelligence/intelligence';
import { botStateRepository, type BotStateRow } from '../../db/repositories/bot-state.repository';
import type { ConversationRow } from '../../db/repositories/conversation-views';
import type { InboxDeps } from '../../deps';
import { isWindowOpen } from '../../domain/reply-window';
import { applyAction, applyFields, type ChangeContext } from '../conversations/conversation-changes';
import type { LoadedBotConfig } from './bot-config';
import { botCaller, botMessageKey, deliverBotMessages, storeBotMessage } from './bot-send';
import { applyBotCategory, botMayCategorize, lockTurn, type TurnRef } from './bot-turn';
import { transcriptOf } from './handoff-summary';
import { planRoute, recordRoundRobin, type RoutePlan } from './route-conversation';

export interface HandoffInput {
  turn: TurnRef;
  /** The conversation as read before deciding (the transaction locks and checks it again). */
  conversation: ConversationRow;
  config: LoadedBotConfig;
  seen: BotStateRow | undefined;
  decision: Extract<TurnDecision, { kind: 'handoff' }>;
  intent: IntentResult;
}

/**
 * The bot hands the conversation to people: classified (its customer messages since the bot's
 * context began), routed by the organization's rules, summarized for the agent; then, in one
 * transaction that finds it still with the bot, the category, team and summary stored, the
 * customer's message (the handoff message, or the out-of-hours one with the next opening), the
 * move to OPEN or to the agent routing picked, and `conversation.handoff` with the reason.
 */
export async function handOffConversation(
  deps: InboxDeps,
  input: HandoffInput,
): Promise<'handed_off' | 'skipped' | 'stale'> {
  const { turn, conversation, config, decision, intent } = input;
  const transcript = await transcriptOf(
    deps,
    turn.orgId,
    turn.conversationId,
    input.seen?.contextSince ?? null,
  );
  const texts = transcript.filter((line) => line.from === 'customer').map((line) => line.text);
  const found = await categoryOf(deps, input, texts);
  const category = found?.category && botMayCategorize(conversation) ? found.category : conversation.category;
  const plan = await routeOrQueue(deps, input, {
    category,
    texts,
    origin: conversation.origin,
    language: intent.language,
  });
  const closed = plan.schedule !== null && !plan.schedule.open;
  const summary = await deps.intelligence.summarize({
    language: intent.language,
    transcript,
    // Why the customer needed people; the team's hours are the event's business.
    reason: decision.reason,
    category,
    previousSummary: conversation.handoffSummary,
  });
  const text = handoffText(config.settings, plan);

  const caller = botCaller(turn.orgId, turn.requestId);
  const result = await transactThenPublish(deps, async (tx) => {
    const locked = await lockTurn(tx, turn, input.seen);
    if (typeof locked === 'string') return locked;
    const now = deps.now();
    const ctx: ChangeContext = { deps, tx, origin: caller, actorId: null, by: 'bot' };
    await botStateRepository.saveTurn(
      tx,
      turn.orgId,
      turn.conversationId,
      { ...decision.state, lastTurnMessageId: turn.messageId },
      now,
    );
    let row = await applyBotCategory(ctx, locked.row, found?.category ?? null, found?.confidence ?? null);
    row = await applyFields(ctx, row, {
      ...(plan.teamId ? { teamId: plan.teamId } : {}),
      ...(summary.summary
        ? { handoffSummary: summary.summary.slice(0, CONVERSATION_LIMITS.handoffSummary) }
        : {}),
    });
    const stored =
      text && isWindowOpen(row.lastCustomerMessageAt, now)
        ? [
            await storeBotMessage(
              deps,
              tx,
              caller,
              row,
              { type: 'text', text },
              botMessageKey(turn.messageId, 1),
            ),
          ]
        : [];
    await applyAction(ctx, row, 'handoff', {
      userId: plan.assignedTo,
      reason: 'handoff',
      handoff: { reason: closed ? 'out_of_hours' : decision.reason, teamId: plan.teamId, rule: plan.rule },
    });
    if (plan.teamId && plan.assignedTo && assignModeOf(config, plan) === 'round_robin')
      await recordRoundRobin(tx, turn.orgId, plan.teamId, plan.assignedTo);
    return stored;
  });
  if (result === 'stale') return 'stale';
  if (result === 'skip') return 'skipped';
  await deliverBotMessages(deps, caller, result);
  return 'handed_off';
}

/**
 * The routing rules' plan. When the directory cannot answer, the bus tries the turn again; on its
 * last attempt the conversation goes to people unrouted (OPEN, its team kept) rather than staying
 * with a bot that has promised a person.
 */
async function routeOrQueue(deps: InboxDeps, input: HandoffInput, facts: RouteFacts): Promise<RoutePlan> {
  try {
    return await planRoute(deps, input.config, input.conversation, facts);
  } catch (err) {
    if (!input.turn.lastAttempt) throw err;
    deps.logger.warn(
      { err, conversationId: input.conversation.id },
      'handoff routing failed: handed off unrouted',
    );
    return { teamId: null, assignedTo: null, rule: null, matchedBy: 'none', schedule: null };
  }
}

/** An intent that hands off names its category; otherwise the classifier reads the customer's messages. */
async function categoryOf(
  deps: InboxDeps,
  input: HandoffInput,
  texts: string[],
): Promise<CategoryResult | null> {
  const named = input.decision.intent?.category;
  if (named) return { category: named, confidence: input.intent.confidence, engine: input.intent.engine };
  if (texts.length === 0) return null;
  return deps.intelligence.classifyCategory(input.config, texts);
}

const assignModeOf = (config: LoadedBotConfig, plan: RoutePlan) =>
  config.routing.rules.find((rule) => rule.name === plan.rule)?.assign ?? 'queue';

/**
 * What the customer is told: outside the team's hours, the out-of-hours message with the next
 * opening; otherwise (or when the schedule names no opening) the handoff message; null: nothing.
 */
export function handoffText(settings: BotSettings, plan: Pick<RoutePlan, 'schedule'>): string | null {
  const { schedule } = plan;
  if (schedule && !schedule.open && schedule.nextChangeAt && settings.outOfHoursMessage)
    return settings.outOfHoursMessage.replaceAll(
      '{nextOpening}',
      formatOpening(new Date(schedule.nextChangeAt), schedule.timezone, settings.language),
    );
  return settings.handoffMessage;
}

const LOCALES: Record<BotLanguage, string> = { es: 'es-MX', en: 'en-US', pt: 'pt-BR' };

/** The opening time as the customer reads it: in the team's time zone and the bot's language. */
export function formatOpening(at: Date, timeZone: string, language: BotLanguage): string {
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat(LOCALES[language], { ...options, timeZone }).format(at);
  } catch {
    // A time zone this runtime does not know: UTC, labelled as such, rather than no time at all.
    return new Intl.DateTimeFormat(LOCALES[language], { ...options, timeZone: 'UTC' }).format(at);
  }
}
