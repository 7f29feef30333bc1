import { DEFAULT_BOT_SETTINGS, type BotIntent, type BotSettings } from '@inbox/contracts';
import type { IntentResult } from '../intelligence/intelligence';
import { decideTurn, HANDOFF_REPLY_ID, type TurnDecision, type TurnInput } from './turn';

const hours: BotIntent = {
  name: 'horario',
  examples: ['¿a qué hora abren?'],
  answer: { type: 'text', text: 'Abrimos de 9 a 18 h.' },
};
const menu: BotIntent = {
  name: 'Menu',
  examples: ['menú'],
  answer: {
    type: 'interactive',
    interactive: { type: 'button', body: '¿Qué necesitas?', buttons: [{ id: 'horario', title: 'Horario' }] },
  },
};
const complaint: BotIntent = {
  name: 'queja',
  examples: ['quiero poner una queja'],
  answer: { type: 'handoff' },
};

const settings: BotSettings = {
  ...DEFAULT_BOT_SETTINGS,
  enabled: true,
  greeting: '¡Hola!',
  fallbackMessage: 'No entendí',
  maxFallbacks: 2,
  handoffKeywords: ['agente', 'human', 'falar com atendente'],
  intents: [hours, menu, complaint],
};

const recognized = (intent: BotIntent | null, confidence = 0.9): IntentResult => ({
  intent,
  confidence,
  language: 'es',
  engine: 'builtin',
});

interface Case {
  name: string;
  settings?: Partial<BotSettings>;
  state?: Partial<TurnInput['state']>;
  message?: Partial<TurnInput['message']>;
  intent?: IntentResult;
  expected: TurnDecision;
}

const fresh = { greeted: false, consecutiveFallbacks: 0 };
const answered = (intent: BotIntent, greeting: string | null): TurnDecision => ({
  kind: 'answer',
  intent,
  answer: intent.answer as Extract<TurnDecision, { kind: 'answer' }>['answer'],
  greeting,
  state: { greeted: true, consecutiveFallbacks: 0, lastIntent: intent.name },
});

const cases: Case[] = [
  {
    name: 'the first answer comes with the greeting',
    intent: recognized(hours),
    expected: answered(hours, '¡Hola!'),
  },
  {
    name: 'later answers come without it',
    state: { greeted: true },
    intent: recognized(hours),
    expected: answered(hours, null),
  },
  {
    name: 'no greeting configured: none, and the first turn is used up',
    settings: { greeting: null },
    intent: recognized(hours),
    expected: answered(hours, null),
  },
  {
    name: 'an answer resets the misunderstandings in a row',
    state: { greeted: true, consecutiveFallbacks: 1 },
    intent: recognized(hours),
    expected: answered(hours, null),
  },
  {
    name: 'an interactive answer',
    state: { greeted: true },
    intent: recognized(menu),
    expected: answered(menu, null),
  },
  {
    name: 'es handoff keyword, accents and case ignored, before any intent',
    message: { text: 'Quiero hablar con un AGENTE por favor' },
    intent: recognized(hours),
    expected: {
      kind: 'handoff',
      reason: 'requested',
      intent: null,
      greeting: null,
      state: { greeted: false, consecutiveFallbacks: 0, lastIntent: null },
    },
  },
  {
    name: 'en handoff keyword',
    state: { greeted: true, consecutiveFallbacks: 1 },
    message: { text: 'can I talk to a human?' },
    intent: recognized(null, 0.1),
    expected: {
      kind: 'handoff',
      reason: 'requested',
      intent: null,
      greeting: null,
      state: { greeted: true, consecutiveFallbacks: 0, lastIntent: null },
    },
  },
  {
    name: 'pt handoff phrase without accents',
    message: { text: 'quero FALAR com atendente' },
    intent: recognized(null, 0),
    expected: {
      kind: 'handoff',
      reason: 'requested',
      intent: null,
      greeting: null,
      state: { greeted: false, consecutiveFallbacks: 0, lastIntent: null },
    },
  },
  {
    name: 'a keyword inside another word is not a request',
    state: { greeted: true },
    message: { text: 'los agentes de ventas' },
    intent: recognized(null, 0.2),
    expected: {
      kind: 'fallback',
      text: 'No entendí',
      consecutive: 1,
      greeting: null,
      state: { greeted: true, consecutiveFallbacks: 1, lastIntent: null },
    },
  },
  {
    name: 'the handoff button',
    message: { type: 'interactive', text: 'Hablar con alguien', replyId: HANDOFF_REPLY_ID },
    intent: recognized(hours),
    expected: {
      kind: 'handoff',
      reason: 'requested',
      intent: null,
      greeting: null,
      state: { greeted: false, consecutiveFallbacks: 0, lastIntent: null },
    },
  },
  {
    name: 'an intent answered by a handoff',
    state: { greeted: true },
    intent: recognized(complaint),
    expected: {
      kind: 'handoff',
      reason: 'intent',
      intent: complaint,
      greeting: null,
      state: { greeted: true, consecutiveFallbacks: 0, lastIntent: 'queja' },
    },
  },
  {
    name: 'a button naming an intent answers it whatever the text and the classifier say',
    state: { greeted: true },
    message: { type: 'interactive', text: 'Horario', replyId: 'horario' },
    intent: recognized(null, 0),
    expected: answered(hours, null),
  },
  {
    name: 'a reply id names an intent ignoring case',
    state: { greeted: true },
    message: { type: 'interactive', text: null, replyId: 'menu' },
    intent: recognized(null, 0),
    expected: answered(menu, null),
  },
  {
    name: 'a reply id naming a handoff intent hands off for the intent',
    state: { greeted: true },
    message: { type: 'interactive', text: 'Queja', replyId: 'queja' },
    intent: recognized(null, 0),
    expected: {
      kind: 'handoff',
      reason: 'intent',
      intent: complaint,
      greeting: null,
      state: { greeted: true, consecutiveFallbacks: 0, lastIntent: 'queja' },
    },
  },
  {
    name: 'another reply id: the recognized intent of its title',
    state: { greeted: true },
    message: { type: 'interactive', text: '¿Horario?', replyId: 'opt-7' },
    intent: recognized(hours),
    expected: answered(hours, null),
  },
  {
    name: 'the first misunderstanding: fallback with the greeting',
    intent: recognized(null, 0.3),
    expected: {
      kind: 'fallback',
      text: 'No entendí',
      consecutive: 1,
      greeting: '¡Hola!',
      state: { greeted: true, consecutiveFallbacks: 1, lastIntent: null },
    },
  },
  {
    name: 'misunderstandings reaching maxFallbacks hand off',
    state: { greeted: true, consecutiveFallbacks: 1 },
    intent: recognized(null, 0.3),
    expected: {
      kind: 'handoff',
      reason: 'fallbacks',
      intent: null,
      greeting: null,
      state: { greeted: true, consecutiveFallbacks: 0, lastIntent: null },
    },
  },
  {
    name: 'maxFallbacks 1 hands off at once, with no greeting',
    settings: { maxFallbacks: 1 },
    intent: recognized(null, 0.3),
    expected: {
      kind: 'handoff',
      reason: 'fallbacks',
      intent: null,
      greeting: null,
      state: { greeted: false, consecutiveFallbacks: 0, lastIntent: null },
    },
  },
  {
    name: 'under a larger maxFallbacks the count goes on',
    settings: { maxFallbacks: 4 },
    state: { greeted: true, consecutiveFallbacks: 2 },
    intent: recognized(null, 0.3),
    expected: {
      kind: 'fallback',
      text: 'No entendí',
      consecutive: 3,
      greeting: null,
      state: { greeted: true, consecutiveFallbacks: 3, lastIntent: null },
    },
  },
  {
    name: 'an image without a reply id is not understood, whatever was recognized',
    state: { greeted: true },
    message: { type: 'image', text: 'horario?', replyId: null },
    intent: recognized(hours),
    expected: {
      kind: 'fallback',
      text: 'No entendí',
      consecutive: 1,
      greeting: null,
      state: { greeted: true, consecutiveFallbacks: 1, lastIntent: null },
    },
  },
  {
    name: 'a sticker with no text is not understood',
    state: { greeted: true },
    message: { type: 'sticker', text: null, replyId: null },
    intent: recognized(null, 0),
    expected: {
      kind: 'fallback',
      text: 'No entendí',
      consecutive: 1,
      greeting: null,
      state: { greeted: true, consecutiveFallbacks: 1, lastIntent: null },
    },
  },
  {
    name: 'a caption asking for a person still hands off',
    message: { type: 'image', text: 'mira la foto, quiero un agente', replyId: null },
    intent: recognized(null, 0),
    expected: {
      kind: 'handoff',
      reason: 'requested',
      intent: null,
      greeting: null,
      state: { greeted: false, consecutiveFallbacks: 0, lastIntent: null },
    },
  },
  {
    name: 'blank text is not understood even if something was recognized',
    state: { greeted: true },
    message: { text: '   ' },
    intent: recognized(hours),
    expected: {
      kind: 'fallback',
      text: 'No entendí',
      consecutive: 1,
      greeting: null,
      state: { greeted: true, consecutiveFallbacks: 1, lastIntent: null },
    },
  },
];

describe('decideTurn', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const decision = decideTurn({
      settings: { ...settings, ...c.settings },
      state: { ...fresh, ...c.state },
      message: { type: 'text', text: '¿a qué hora abren?', replyId: null, ...c.message },
      intent: c.intent ?? recognized(null, 0),
    });
    expect(decision).toEqual(c.expected);
  });

  it('the handoff reply id is the one the bot and its buttons agree on', () => {
    expect(HANDOFF_REPLY_ID).toBe('handoff');
  });
});
