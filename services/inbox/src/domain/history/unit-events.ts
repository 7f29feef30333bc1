import { INBOX_EVENTS } from '@inbox/contracts';
import type { HistoryMessageRow } from '../../db/repositories/history.repository';
import { handoffTextKind, type UnitPlan } from './unit-plan';
import { initialProgress, Teller, type Step, type UnitProgress } from './unit-teller';

export type { Step, UnitProgress } from './unit-teller';

/**
 * One conversation told as the events the inbox publishes live, in time order: `startUnit`, then
 * `stepMessage` for each message before the cutoff in (created_at, id) order, then `endUnit`.
 * Pure; what goes from one step to the next is `UnitProgress`.
 */

const ms = (at: Date | string) => new Date(at).getTime();

/** The creation, then what is told at it: the team (unless a handoff tells it) and the category. */
export function startUnit(plan: UnitPlan): Step {
  const t = new Teller(plan, initialProgress(plan));
  const at = new Date(plan.createdAt);
  t.tell(INBOX_EVENTS.conversationCreated, 'created', plan.conversationId, at, {
    ...t.ref,
    status: plan.startStatus,
    origin: plan.origin,
    actorId: null,
  });
  if (plan.teamId && !plan.peopleTook)
    t.tell(INBOX_EVENTS.conversationUpdated, 'team', plan.conversationId, at, {
      ...t.ref,
      changes: ['teamId'],
      teamId: plan.teamId,
      actorId: null,
    });
  const { category } = plan;
  if (category)
    t.tell(INBOX_EVENTS.conversationCategorized, 'category', plan.conversationId, at, {
      ...t.ref,
      category: category.name,
      previous: null,
      source: category.source,
      ...(category.source === 'ai' && category.confidence !== null
        ? { confidence: category.confidence }
        : {}),
      actorId: null,
    });
  // Without a first agent message, the assignee is told at the creation (bot-started: at the handoff).
  if (!plan.botStarted && plan.firstAgentId === null) t.assigned(at);
  return t.done();
}

/** The customer message a bot message answered: its idempotency key says (`bot:<message>:<n>`). */
const answeredBy = (key: string | null): string | null => {
  const match = key ? /^bot:(.+):\d+$/.exec(key) : null;
  return match ? match[1] : null;
};

export function stepMessage(plan: UnitPlan, progress: UnitProgress, m: HistoryMessageRow): Step {
  const t = new Teller(plan, progress);
  const at = m.createdAt;
  if (plan.closedAt && ms(plan.closedAt) < ms(at)) t.close();
  if (m.id === plan.firstAgentId) {
    if (plan.peopleTook) t.handoff(at, null);
    else t.assigned(at);
  }
  if (m.direction === 'inbound') received(t, m);
  else {
    if (m.sender === 'bot') botTurn(t, m);
    sent(t, m);
  }
  replay(t, m);
  if (m.direction === 'inbound' && t.progress.armed) t.handoff(at, null);
  const anchor = plan.anchorBot;
  if (m.id === anchor?.id) {
    if (anchor.handoff) t.handoff(at, anchor.handoff);
    else if (plan.peopleTook && !t.progress.handedOff) t.note({ armed: true });
  }
  t.note({ lastMessageAt: at.toISOString() });
  return t.done();
}

/**
 * What a message does to the status live (domain/conversation-state.ts): an agent's (or the
 * system's) send moves HUMAN_HANDLING to WAITING_FOR_CUSTOMER, the customer's answer moves it back
 * (OPEN when nobody is assigned). Only replayed: told once at the end, for a row changed since.
 */
function replay(t: Teller, m: HistoryMessageRow) {
  const { replayed } = t.progress;
  if (m.direction === 'inbound' && replayed === 'WAITING_FOR_CUSTOMER')
    t.note({ replayed: t.progress.assigned ? 'HUMAN_HANDLING' : 'OPEN' });
  const byPeople = m.direction === 'outbound' && m.sender !== 'bot' && m.sender !== 'campaign';
  if (byPeople && replayed === 'HUMAN_HANDLING') t.note({ replayed: 'WAITING_FOR_CUSTOMER' });
}

/** What is left at the end: the handoff and assignee not told yet, the close, the status at the cutoff. */
export function endUnit(plan: UnitPlan, progress: UnitProgress): Step {
  const t = new Teller(plan, progress);
  if (plan.peopleTook) t.handoff(new Date(plan.anchorBot?.at ?? plan.createdAt), null);
  t.assigned(new Date(t.progress.lastAt));
  t.close();
  // The status at the cutoff (the row's, or replayed from the messages) is told once, after
  // everything else: when it changed was not stored.
  const status = plan.status ?? t.progress.replayed;
  if (!plan.closedAt && status !== 'CLOSED')
    t.status(status, new Date(t.progress.lastAt), 'system', 'history', 2);
  return t.done();
}

function received(t: Teller, m: HistoryMessageRow) {
  t.tell(INBOX_EVENTS.messageReceived, 'msg', m.id, m.createdAt, {
    ...t.ref,
    messageId: m.id,
    providerMessageId: m.providerMessageId ?? '',
    type: m.type,
    text: m.text ?? m.mediaCaption ?? null,
    contextProviderMessageId: m.replyToProviderId,
    receivedAt: m.createdAt.toISOString(),
    sentAt: (m.providerTimestamp ?? m.createdAt).toISOString(),
  });
  t.note({ lastCustomer: m.id });
}

/** Only a send the platform accepted (it has the platform's id) was published as sent. */
function sent(t: Teller, m: HistoryMessageRow) {
  if (m.providerMessageId === null) return;
  t.tell(INBOX_EVENTS.messageSent, 'msg', m.id, m.createdAt, {
    ...t.ref,
    messageId: m.id,
    providerMessageId: m.providerMessageId,
    type: m.type,
    sender: m.sender,
    senderUserId: m.senderUserId,
    sentAt: m.createdAt.toISOString(),
  });
}

/** A bot message is a greeting, the fallback, an answer, or the handoff's own message (no turn). */
function botTurn(t: Teller, m: HistoryMessageRow) {
  const { texts } = t.plan;
  if (handoffTextKind(texts, m.text)) return;
  const inReplyTo = answeredBy(m.idempotencyKey) ?? t.progress.lastCustomer;
  if (!inReplyTo) return;
  const common = { ...t.ref, inReplyTo, language: texts.language };
  if (m.text !== null && m.text === texts.fallbackMessage) {
    const consecutive = t.progress.fallbacks + 1;
    t.tell(INBOX_EVENTS.botFallback, 'bot', `${inReplyTo}:fallback`, m.createdAt, {
      ...common,
      consecutive,
      confidence: null,
    });
    t.note({ fallbacks: consecutive });
    return;
  }
  const kind = texts.greeting !== null && m.text === texts.greeting ? 'greeting' : 'answer';
  // Keyed by the customer message and the kind, as the analytics consumer matches a live turn
  // (a live fallback names no bot message): a second message of one answer is the same turn.
  t.tell(INBOX_EVENTS.botReplied, 'bot', `${inReplyTo}:${kind}`, m.createdAt, {
    ...common,
    messageIds: [m.id],
    kind,
    intent: null,
    confidence: null,
  });
  if (kind === 'answer') t.note({ fallbacks: 0 });
}
