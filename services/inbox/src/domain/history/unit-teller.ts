import { historyEventId, INBOX_EVENTS, type HistoryEventView, type InboxEventType } from '@inbox/contracts';
import type { HandoffKind, UnitPlan } from './unit-plan';

/**
 * What is carried from one step of a conversation's history to the next: small and plain JSON,
 * so a conversation with more events than a page holds goes on in the next page.
 */
export interface UnitProgress {
  /** The status told so far. */
  status: string;
  /** The status replayed through the live rules (for a row that changed since the cutoff). */
  replayed: string;
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
  /** The time of the last message seen, told or not (ISO): how long the conversation was silent. */
  lastMessageAt: string | null;
}

export interface Step {
  events: HistoryEventView[];
  progress: UnitProgress;
}

const HOUR_MS = 3600_000;

const ms = (at: Date | string) => new Date(at).getTime();
const later = (a: Date, b: Date) => (ms(a) >= ms(b) ? a : b);

export const initialProgress = (plan: UnitPlan): UnitProgress => ({
  status: plan.startStatus,
  replayed: plan.startStatus,
  handedOff: false,
  armed: plan.peopleTook && plan.anchorBot === null,
  assigned: false,
  closed: false,
  lastCustomer: null,
  fallbacks: 0,
  lastAt: plan.createdAt,
  lastMessageAt: null,
});

/** Tells one step's events, each fact once, keeping the progress. */
export class Teller {
  readonly events: HistoryEventView[] = [];
  constructor(
    readonly plan: UnitPlan,
    public progress: UnitProgress,
  ) {}

  get ref() {
    return { conversationId: this.plan.conversationId, waId: this.plan.waId };
  }

  note(patch: Partial<UnitProgress>) {
    this.progress = { ...this.progress, ...patch };
  }

  /** Never before the creation: the opening message's WhatsApp time is a moment before it (its `sentAt` keeps it). */
  tell(type: InboxEventType, what: string, key: string, time: Date, data: Record<string, unknown>) {
    const at = later(time, new Date(this.plan.createdAt));
    this.events.push({
      id: historyEventId('inbox', what, key),
      type,
      orgId: this.plan.orgId,
      occurredAt: at.toISOString(),
      data,
    });
    this.note({ lastAt: at.toISOString() });
  }

  status(to: string, at: Date, by: 'agent' | 'bot' | 'system', reason: string, n: number) {
    if (to === this.progress.status) return;
    const from = this.progress.status;
    this.tell(INBOX_EVENTS.conversationStatusChanged, 'status', `${this.plan.conversationId}:${n}`, at, {
      ...this.ref,
      from,
      to,
      by,
      reason,
      actorId: null,
    });
    this.note({ status: to, replayed: to });
  }

  /** The assignee at the cutoff, once; an assignment moves a conversation nobody had to HUMAN_HANDLING. */
  assigned(at: Date) {
    const userId = this.plan.assignee;
    if (!userId || this.progress.assigned) return;
    this.tell(INBOX_EVENTS.conversationAssigned, 'assigned', this.plan.conversationId, at, {
      ...this.ref,
      userId,
      previousUserId: null,
      actorId: null,
    });
    const { replayed } = this.progress;
    const moved = replayed === 'BOT_HANDLING' || replayed === 'OPEN';
    this.note({ assigned: true, replayed: moved ? 'HUMAN_HANDLING' : replayed });
  }

  /**
   * Bot → people: the bot's handoff (its handoff or out-of-hours message seen, `byBot`), or an
   * agent taking it (the reason the inbox gives a takeover live: `agent`).
   */
  handoff(time: Date, byBot: HandoffKind | null) {
    if (this.progress.handedOff) return;
    const { plan } = this;
    const at = later(time, new Date(plan.createdAt));
    const to = plan.assignee ? 'HUMAN_HANDLING' : 'OPEN';
    this.status(to, at, byBot ? 'bot' : 'agent', byBot ? 'handoff' : 'takeover', 1);
    const why = byBot
      ? byBot === 'out_of_hours'
        ? { reason: 'out_of_hours' }
        : {}
      : { reason: 'agent', rule: null };
    this.tell(INBOX_EVENTS.conversationHandoff, 'handoff', plan.conversationId, at, {
      ...this.ref,
      userId: plan.assignee,
      ...why,
      teamId: plan.teamId,
      actorId: null,
    });
    this.note({ handedOff: true, armed: false, fallbacks: 0, replayed: to });
    this.assigned(at);
  }

  /**
   * The close, once, with everything that came before it (the handoff, the assignee). Contained:
   * a bot conversation people never took, silent for the bot's `inactivityCloseHours` (its
   * sweep's rule); an earlier close of one still with the bot was an agent's (spam, a duplicate).
   */
  close() {
    const { plan } = this;
    if (!plan.closedAt || this.progress.closed) return;
    const at = new Date(plan.closedAt);
    if (plan.peopleTook) this.handoff(new Date(plan.anchorBot?.at ?? plan.createdAt), null);
    this.assigned(at);
    const silentFor = ms(at) - ms(this.progress.lastMessageAt ?? plan.createdAt);
    const byBot =
      plan.botStarted && !plan.peopleTook && silentFor >= plan.texts.inactivityCloseHours * HOUR_MS;
    if (byBot) {
      this.status('CLOSED', at, 'bot', 'bot_inactivity', 3);
      this.tell(INBOX_EVENTS.botContained, 'contained', plan.conversationId, at, {
        ...this.ref,
        reason: 'inactivity',
        closedAt: at.toISOString(),
      });
    } else this.status('CLOSED', at, 'agent', 'resolve', 3);
    this.note({ closed: true });
  }

  done(): Step {
    return { events: this.events, progress: this.progress };
  }
}
