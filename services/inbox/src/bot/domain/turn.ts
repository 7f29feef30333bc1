import type { BotAnswer, BotIntent, BotSettings, HandoffReason } from '@inbox/contracts';
import type { IntentResult } from '../intelligence/intelligence';
import { containsPhrase } from '../nlp/text';

/** The reply id of a "talk to a person" button or list row: pressing it always hands off. */
export const HANDOFF_REPLY_ID = 'handoff';

export interface TurnInput {
  settings: BotSettings;
  state: { greeted: boolean; consecutiveFallbacks: number };
  message: { type: string; text: string | null; replyId: string | null };
  /** What the intelligence recognized in the message's text (ignored when a reply id names an intent). */
  intent: IntentResult;
}

export type TurnDecision = {
  greeting: string | null;
  state: { greeted: boolean; consecutiveFallbacks: number; lastIntent: string | null };
} & (
  | { kind: 'answer'; intent: BotIntent; answer: Exclude<BotAnswer, { type: 'handoff' }> }
  | { kind: 'fallback'; text: string; consecutive: number }
  | { kind: 'handoff'; reason: HandoffReason; intent: BotIntent | null }
);

/**
 * What the bot does with one customer message, in this order:
 * 1. a handoff keyword in the text, or the handoff button → hand off ('requested');
 * 2. a button/list reply whose id is an intent's name → that intent (confidence 1, whatever the text);
 *    a non-text message without a reply id → not understood; else the recognized intent;
 * 3. an intent answered by a handoff → hand off ('intent'); another intent → its answer, and the
 *    misunderstandings in a row start again from 0;
 * 4. not understood → the fallback message, or a handoff ('fallbacks') when this misunderstanding
 *    makes `maxFallbacks` in a row.
 * The greeting goes with the first turn that is not a handoff (someone asking for a person does not
 * want a bot's welcome), and only once: a null greeting still uses up that first turn.
 */
export function decideTurn({ settings, state, message, intent }: TurnInput): TurnDecision {
  const text = message.text?.trim() ? message.text : null;
  const asksForPerson =
    message.replyId === HANDOFF_REPLY_ID ||
    (text !== null && settings.handoffKeywords.some((keyword) => containsPhrase(text, keyword)));
  if (asksForPerson) return handoff(state, 'requested', null);

  const recognized = recognizedIntent(settings, message, text, intent);
  const greeting = state.greeted ? null : settings.greeting;
  if (recognized) {
    const { answer } = recognized;
    if (answer.type === 'handoff') return handoff(state, 'intent', recognized);
    return {
      kind: 'answer',
      intent: recognized,
      answer,
      greeting,
      state: { greeted: true, consecutiveFallbacks: 0, lastIntent: recognized.name },
    };
  }

  const consecutive = state.consecutiveFallbacks + 1;
  if (consecutive >= settings.maxFallbacks) return handoff(state, 'fallbacks', null);
  return {
    kind: 'fallback',
    text: settings.fallbackMessage,
    consecutive,
    greeting,
    state: { greeted: true, consecutiveFallbacks: consecutive, lastIntent: null },
  };
}

function recognizedIntent(
  settings: BotSettings,
  message: TurnInput['message'],
  text: string | null,
  intent: IntentResult,
): BotIntent | null {
  if (message.replyId !== null) {
    // Names are unique ignoring case (botSettingsSchema); an exact match is preferred all the same.
    const wanted = message.replyId.toLowerCase();
    const byId =
      settings.intents.find((i) => i.name === message.replyId) ??
      settings.intents.find((i) => i.name.toLowerCase() === wanted);
    if (byId) return byId;
  } else if (message.type !== 'text') {
    return null;
  }
  return text === null ? null : intent.intent;
}

/** The misunderstandings in a row start again: if people hand the conversation back, the bot starts fresh. */
function handoff(state: TurnInput['state'], reason: HandoffReason, intent: BotIntent | null): TurnDecision {
  return {
    kind: 'handoff',
    reason,
    intent,
    greeting: null,
    state: { greeted: state.greeted, consecutiveFallbacks: 0, lastIntent: intent?.name ?? null },
  };
}
