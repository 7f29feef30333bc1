import { DEFAULT_BOT_SETTINGS, inboxEventSchemas, type HistoryEventView } from '@inbox/contracts';
import type {
  HistoryConversationRow,
  HistoryMessageRow,
  HistoryUnitRow,
} from '../db/repositories/history.repository';
import { endUnit, startUnit, stepMessage } from '../domain/history/unit-events';
import { planUnit, type BotTexts } from '../domain/history/unit-plan';

/** Builders for the history export's pure rules (domain/history): a day's times, one cutoff. */

export const T = (hhmm: string) => new Date(`2026-03-01T${hhmm}:00.000Z`);
export const BEFORE = T('23:00');
export const texts: BotTexts = {
  greeting: DEFAULT_BOT_SETTINGS.greeting,
  fallbackMessage: DEFAULT_BOT_SETTINGS.fallbackMessage,
  handoffMessage: DEFAULT_BOT_SETTINGS.handoffMessage,
  outOfHoursMessage: 'We open {nextOpening}. Bye.',
  language: DEFAULT_BOT_SETTINGS.language,
  inactivityCloseHours: DEFAULT_BOT_SETTINGS.inactivityCloseHours,
};

/** A conversation row last changed before the cutoff unless `updatedAt` says otherwise. */
export const conversation = (c: Partial<HistoryConversationRow> = {}): HistoryConversationRow => ({
  id: 'c1',
  orgId: 7,
  waId: '5215511111111',
  status: 'OPEN',
  assignedTo: null,
  teamId: null,
  category: null,
  categorySource: null,
  categoryConfidence: null,
  origin: 'CUSTOMER',
  handoffSummary: null,
  createdAt: T('10:00'),
  updatedAt: T('12:00'),
  closedAt: null,
  ...c,
});

let seq = 0;
export const msg = (at: string, m: Partial<HistoryMessageRow> = {}): HistoryMessageRow => {
  const inbound = (m.direction ?? 'inbound') === 'inbound';
  seq += 1;
  return {
    id: `m${seq}`,
    direction: inbound ? 'inbound' : 'outbound',
    sender: inbound ? 'customer' : 'agent',
    senderUserId: null,
    type: 'text',
    text: 'hi',
    mediaCaption: null,
    providerMessageId: `wamid.${seq}`,
    replyToProviderId: null,
    idempotencyKey: null,
    providerTimestamp: null,
    createdAt: T(at),
    ...m,
  };
};
export const bot = (at: string, text: string, m: Partial<HistoryMessageRow> = {}) =>
  msg(at, { direction: 'outbound', sender: 'bot', text, ...m });
export const agent = (at: string, userId = 'u1', m: Partial<HistoryMessageRow> = {}) =>
  msg(at, { direction: 'outbound', sender: 'agent', senderUserId: userId, ...m });

const before = (at: Date, cutoff: Date) => at.getTime() < cutoff.getTime();

/** The unit as the repository reads it: the first agent message and the bot's anchor found in `messages`. */
export function unitOf(
  c: HistoryConversationRow,
  messages: HistoryMessageRow[],
  botState: HistoryUnitRow['botState'] = null,
  cutoff = BEFORE,
): HistoryUnitRow {
  const told = messages.filter((m) => before(m.createdAt, cutoff));
  const first = told.findIndex((m) => m.sender === 'agent');
  const anchor = told
    .slice(0, first === -1 ? told.length : first)
    .filter((m) => m.sender === 'bot')
    .at(-1);
  return {
    conversation: c,
    botState,
    firstAgent: first === -1 ? null : { id: told[first].id, senderUserId: told[first].senderUserId },
    anchorBot: anchor ? { id: anchor.id, at: anchor.createdAt, text: anchor.text } : null,
  };
}

/**
 * The conversation told from start to end as the export does (only its messages before the
 * cutoff); each event checked against its live schema.
 */
export function tell(
  c: HistoryConversationRow,
  messages: HistoryMessageRow[],
  botState: HistoryUnitRow['botState'] = null,
  cutoff = BEFORE,
): HistoryEventView[] {
  const plan = planUnit(unitOf(c, messages, botState, cutoff), texts, cutoff);
  const start = startUnit(plan);
  const events: HistoryEventView[] = [...start.events];
  let progress = start.progress;
  for (const m of messages.filter((m) => before(m.createdAt, cutoff))) {
    const step = stepMessage(plan, progress, m);
    events.push(...step.events);
    progress = step.progress;
  }
  events.push(...endUnit(plan, progress).events);
  for (const e of events) inboxEventSchemas[e.type as keyof typeof inboxEventSchemas].parse(e.data);
  return events;
}

/** `type@HH:MM` with the type's short name, e.g. `message.received@10:00`. */
export const brief = (events: HistoryEventView[]) =>
  events.map((e) => `${e.type.replace(/^inbox\.|\.v1$/g, '')}@${e.occurredAt.slice(11, 16)}`);

export const find = (events: HistoryEventView[], type: string) => events.filter((e) => e.type.includes(type));
