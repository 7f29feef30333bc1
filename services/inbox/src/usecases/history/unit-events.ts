import {
  CATEGORY_SOURCES,
  historyEventId,
  INBOX_EVENTS,
  type CategorySource,
  type HistoryEventView,
  type InboxEventType,
} from '@inbox/contracts';
import { handoffTextKind, type HistoryMessage, type UnitPlan } from './unit-plan';

/**
 * One conversation told as the events the inbox publishes live, in time order: `startUnit`, then
 * `stepMessage` for each message before the cutoff in (created_at, id) order, then `endUnit`.
 * Pure; what is carried from one step to the next is `UnitProgress`, small enough for a cursor, so
 * a conversation with more events than a page holds goes on in the next page.
 */
export interface UnitProgress {
  /** The status told so far. */
  status: string;
  handedOff: boolean;
  /** The bot's last message before people is behind: the next customer or agent message marks the handoff. */
  armed: boolean;
  assigned: boolean;
  closed: boolean;
  /** The last customer message: what a bot message without its key answered. */
  lastCustomer: string | null;
  /** Fallbacks in a row. */
  fallbacks: number;
  /** The time of the last event told (ISO). */
  lastAt: string;
}

export interface Step {
  events: HistoryEventView[];
  progress: UnitProgress;
}

const ms = (at: Date) => at.getTime();
const later = (a: Date, b: Date) => (ms(a) >= ms(b) ? a : b);

class Teller {
  readonly events: HistoryEventView[] = [];
  constructor(
    readonly plan: UnitPlan,
    public progress: UnitProgress,
  ) {}

  get ref() {
    const c = this.plan.facts.conversation;
    return { conversationId: c.id, waId: c.waId };
  }

  /** Never before the creation: the opening message's WhatsApp time is a moment before it (its `sentAt` keeps it). */
  tell(type: InboxEventType, what: string, key: string, time: Date, data: Record<string, unknown>) {
    const at = later(time, this.plan.facts.conversation.createdAt);
    this.events.push({
      id: historyEventId('inbox', what, key),
      type,
      orgId: this.plan.facts.conversation.orgId,
      occurredAt: at.toISOString(),
      data,
    });
    this.progress = { ...this.progress, lastAt: at.toISOString() };
  }

  status(to: string, at: Date, by: 'agent' | 'bot' | 'system', reason: string, n: number) {
    if (to === this.progress.status) return;
    const from = this.progress.status;
    this.tell(INBOX_EVENTS.conversationStatusChanged, 'status', `${this.ref.conversationId}:${n}`, at, {
      ...this.ref,
      from,
      to,
      by,
      reason,
      actorId: null,
    });
    this.progress = { ...this.progress, status: to };
  }

  assigned(at: Date) {
    const userId = this.plan.facts.conversation.assignedTo;
    if (!userId || this.progress.assigned) return;
    this.tell(INBOX_EVENTS.conversationAssigned, 'assigned', this.ref.conversationId, at, {
      ...this.ref,
      userId,
      previousUserId: null,
      actorId: null,
    });
    this.progress = { ...this.progress, assigned: true };
  }

  /** Bot → people, as the bot's handoff (its message seen) or an agent's takeover. */
  handoff(at: Date, byBot: boolean, outOfHours: boolean) {
    if (this.progress.handedOff) return;
    const c = this.plan.facts.conversation;
    const when = later(at, c.createdAt);
    const to = c.assignedTo ? 'HUMAN_HANDLING' : 'OPEN';
    this.status(to, when, byBot ? 'bot' : 'agent', byBot ? 'handoff' : 'takeover', 1);
    this.tell(INBOX_EVENTS.conversationHandoff, 'handoff', c.id, when, {
      ...this.ref,
      userId: c.assignedTo,
      ...(outOfHours ? { reason: 'out_of_hours' } : {}),
      teamId: c.teamId,
      actorId: null,
    });
    this.progress = { ...this.progress, handedOff: true, armed: false, fallbacks: 0 };
    this.assigned(when);
  }

  /** The close, once, with everything that came before it (the handoff, the assignee). */
  close() {
    const { close, peopleTook, facts } = this.plan;
    if (!close || this.progress.closed) return;
    if (peopleTook) this.handoff(facts.anchorBot?.at ?? facts.conversation.createdAt, false, false);
    this.assigned(close.at);
    const c = facts.conversation;
    if (close.byBot) {
      this.status('CLOSED', close.at, 'bot', 'bot_inactivity', 3);
      this.tell(INBOX_EVENTS.botContained, 'contained', c.id, close.at, {
        ...this.ref,
        reason: 'inactivity',
        closedAt: close.at.toISOString(),
      });
    } else this.status('CLOSED', close.at, 'agent', 'resolve', 3);
    this.progress = { ...this.progress, closed: true };
  }

  done(): Step {
    return { events: this.events, progress: this.progress };
  }
}

const categorySource = (source: string | null): CategorySource =>
  (CATEGORY_SOURCES as readonly string[]).includes(source ?? '') ? (source as CategorySource) : 'agent';

/** The creation, then what is told at it: the team (unless a handoff tells it) and the category. */
export function startUnit(plan: UnitPlan): Step {
  const c = plan.facts.conversation;
  const t = new Teller(plan, {
    status: plan.startStatus,
    handedOff: false,
    armed: plan.peopleTook && plan.facts.anchorBot === null,
    assigned: false,
    closed: false,
    lastCustomer: null,
    fallbacks: 0,
    lastAt: c.createdAt.toISOString(),
  });
  t.tell(INBOX_EVENTS.conversationCreated, 'created', c.id, c.createdAt, {
    ...t.ref,
    status: plan.startStatus,
    origin: c.origin,
    actorId: null,
  });
  if (c.teamId && !plan.peopleTook)
    t.tell(INBOX_EVENTS.conversationUpdated, 'team', c.id, c.createdAt, {
      ...t.ref,
      changes: ['teamId'],
      teamId: c.teamId,
      actorId: null,
    });
  if (c.category) {
    const source = categorySource(c.categorySource);
    t.tell(INBOX_EVENTS.conversationCategorized, 'category', c.id, c.createdAt, {
      ...t.ref,
      category: c.category,
      previous: null,
      source,
      ...(source === 'ai' && c.categoryConfidence !== null ? { confidence: c.categoryConfidence } : {}),
      actorId: null,
    });
  }
  // Without a first agent message, the assignee is told at the creation (bot-started: at the handoff).
  if (!plan.botStarted && plan.facts.firstAgentId === null) t.assigned(c.createdAt);
  return t.done();
}

/** The customer message a bot message answered: its idempotency key says (`bot:<message>:<n>`). */
const answeredBy = (key: string | null): string | null => {
  const match = key ? /^bot:(.+):\d+$/.exec(key) : null;
  return match ? match[1] : null;
};

export function stepMessage(plan: UnitPlan, progress: UnitProgress, m: HistoryMessage): Step {
  const t = new Teller(plan, progress);
  const at = m.createdAt;
  if (plan.close && ms(plan.close.at) < ms(at)) t.close();
  const isFirstAgent = m.id === plan.facts.firstAgentId;
  if (isFirstAgent) {
    if (plan.peopleTook) t.handoff(at, false, false);
    else t.assigned(at);
  }
  if (m.direction === 'inbound') received(t, m);
  else {
    if (m.sender === 'bot') botTurn(t, m);
    sent(t, m);
  }
  if (m.direction === 'inbound' && t.progress.armed) t.handoff(at, false, false);
  if (m.id === plan.facts.anchorBot?.id) {
    const kind = handoffTextKind(plan.texts, m.text);
    if (kind) t.handoff(at, true, kind === 'out_of_hours');
    else if (plan.peopleTook && !t.progress.handedOff) t.progress = { ...t.progress, armed: true };
  }
  return t.done();
}

/** What is left at the end: the handoff and assignee not told yet, the close, the status now. */
export function endUnit(plan: UnitPlan, progress: UnitProgress): Step {
  const t = new Teller(plan, progress);
  const c = plan.facts.conversation;
  if (plan.peopleTook) t.handoff(plan.facts.anchorBot?.at ?? c.createdAt, false, false);
  t.assigned(new Date(t.progress.lastAt));
  t.close();
  // A status the conversation is in now and took before the cutoff (its row last changed before
  // it) is told once, after everything else: when it changed was not stored.
  if (!plan.close && c.status !== 'CLOSED' && ms(c.updatedAt) < ms(plan.before))
    t.status(c.status, new Date(t.progress.lastAt), 'system', 'history', 2);
  return t.done();
}

function received(t: Teller, m: HistoryMessage) {
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
  t.progress = { ...t.progress, lastCustomer: m.id };
}

/** Only a send the platform accepted (it has the platform's id) was published as sent. */
function sent(t: Teller, m: HistoryMessage) {
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
function botTurn(t: Teller, m: HistoryMessage) {
  const { texts } = t.plan;
  if (handoffTextKind(texts, m.text)) return;
  const inReplyTo = answeredBy(m.idempotencyKey) ?? t.progress.lastCustomer;
  if (!inReplyTo) return;
  const common = { ...t.ref, inReplyTo, language: texts.language };
  if (m.text !== null && m.text === texts.fallbackMessage) {
    const consecutive = t.progress.fallbacks + 1;
    t.tell(INBOX_EVENTS.botFallback, 'bot', m.id, m.createdAt, { ...common, consecutive, confidence: null });
    t.progress = { ...t.progress, fallbacks: consecutive };
    return;
  }
  const greeting = texts.greeting !== null && m.text === texts.greeting;
  t.tell(INBOX_EVENTS.botReplied, 'bot', m.id, m.createdAt, {
    ...common,
    messageIds: [m.id],
    kind: greeting ? 'greeting' : 'answer',
    intent: null,
    confidence: null,
  });
  if (!greeting) t.progress = { ...t.progress, fallbacks: 0 };
}
