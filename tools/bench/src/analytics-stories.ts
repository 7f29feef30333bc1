import { INBOX_EVENTS, type EventEnvelope, type HandoffReason } from '@inbox/contracts';
import {
  benchId,
  CATEGORIES,
  DAY_MS,
  expo,
  generator,
  HANDOFF_WEIGHTS,
  HOUR_MS,
  INTENTS,
  KIND,
  MINUTE_MS,
  pick,
  seedOf,
  weekdayOf,
  weighted,
  zipf,
  type BenchOrg,
  type Random,
  type Timeline,
} from './analytics-data';

/*
 * Conversations as the inbox publishes their events, one story each, drawn from the conversation's
 * own seed: created by a customer (or an ad, or a template we sent), the bot's turns and its
 * handoff or its inactivity close, an agent assigned, agent and customer taking turns (the
 * status flipping with each message, as the inbox records it), the close, now and then a transfer,
 * a team change, a reopen. Events at or after the timeline's end are cut off: the last days'
 * conversations are still open.
 */

export interface StorySettings {
  seed: number;
  timeline: Timeline;
  /** Conversations over the whole timeline. */
  conversations: number;
  /** Messages per conversation on average (the 10,000,000 / 1,000,000). */
  meanMessages: number;
  orgs: BenchOrg[];
  /** Added to every index: the check's conversations get ids of their own. */
  indexBase?: number;
}

export interface ScheduledConversation {
  index: number;
  org: BenchOrg;
  createdAt: number;
}

export interface Story {
  events: EventEnvelope[];
  messages: number;
}

/** Busy local hours (weights for 0:00 … 23:00). */
const HOURLY = [1, 0.6, 0.4, 0.3, 0.3, 0.5, 1, 2, 4, 6, 7, 7, 6.5, 6, 6, 6.5, 6, 5.5, 5, 4.5, 4, 3, 2, 1.5];
const WEEKDAY = [1, 1, 1, 1, 0.95, 0.6, 0.45];

/**
 * Every conversation in creation order, day by day (exactly `conversations` in all): more on
 * weekdays and in busy hours, growing by half over the timeline, organizations by their share.
 */
export function* conversationSchedule(s: StorySettings): Generator<ScheduledConversation> {
  const { timeline: t } = s;
  const weights = Array.from(
    { length: t.days },
    (_, d) => WEEKDAY[weekdayOf(t, d)] * (0.75 + (0.5 * d) / t.days),
  );
  const total = weights.reduce((a, b) => a + b, 0);
  const shares = s.orgs.map((o): [BenchOrg, number] => [o, o.share]);
  let index = s.indexBase ?? 0;
  let before = 0;
  let cumulative = 0;
  for (let day = 0; day < t.days; day++) {
    cumulative += weights[day];
    const upTo = Math.round((s.conversations * cumulative) / total);
    const r = generator(seedOf(s.seed, 30, day));
    const times = Array.from({ length: upTo - before }, () => {
      const hour = weighted(
        r,
        HOURLY.map((w, h): [number, number] => [h, w]),
      );
      return t.start + day * DAY_MS + hour * HOUR_MS + Math.floor(r() * HOUR_MS);
    }).sort((a, b) => a - b);
    before = upTo;
    for (const createdAt of times) yield { index: index++, org: weighted(r, shares), createdAt };
  }
}

type Status = 'BOT_HANDLING' | 'HUMAN_HANDLING' | 'OPEN' | 'WAITING_FOR_CUSTOMER' | 'CLOSED';
type By = 'agent' | 'customer' | 'bot' | 'system';
const iso = (at: number) => new Date(at).toISOString();

/** One conversation's events in the order the inbox records them (times never go back). */
class Script {
  readonly events: EventEnvelope[] = [];
  messages = 0;
  status: Status = 'OPEN';
  assignee: string | null = null;
  private k = 0;
  private m = 0;
  private last = -Infinity;
  private lastCustomerMessage = '';
  private readonly waId: string;

  constructor(
    private readonly index: number,
    readonly id: string,
    private readonly orgId: number,
    private readonly end: number,
  ) {
    this.waId = `52155${String(index % 1e8).padStart(8, '0')}`;
  }

  /** False when cut off (at or after the end): nothing later is recorded either. */
  private push(type: string, at: number, data: Record<string, unknown>): boolean {
    if (at < this.last) throw new Error(`conversation ${this.id}: events out of order`);
    this.last = at;
    if (at >= this.end) return false;
    this.events.push({
      id: benchId(KIND.conversationEvent, this.index, this.k++),
      type,
      orgId: this.orgId,
      occurredAt: iso(at),
      data: { conversationId: this.id, waId: this.waId, ...data },
    });
    return true;
  }

  private nextMessageId = () => benchId(KIND.message, this.index, this.m++);

  created(at: number, status: Status, origin: string, actorId: string | null): void {
    this.status = status;
    this.push(INBOX_EVENTS.conversationCreated, at, { status, origin, actorId });
  }

  received(sentAt: number, at: number): void {
    const messageId = this.nextMessageId();
    this.lastCustomerMessage = messageId;
    const data = {
      messageId,
      providerMessageId: `wamid.${messageId}`,
      type: 'text',
      text: 'hola',
      contextProviderMessageId: null,
      replyId: null,
      receivedAt: iso(at),
      sentAt: iso(sentAt),
    };
    if (this.push(INBOX_EVENTS.messageReceived, at, data)) this.messages++;
  }

  sent(at: number, sender: 'agent' | 'bot' | 'campaign', userId: string | null, type = 'text'): void {
    const messageId = this.nextMessageId();
    const data = {
      messageId,
      providerMessageId: `wamid.${messageId}`,
      type,
      sender,
      senderUserId: userId,
      sentAt: iso(at),
    };
    if (this.push(INBOX_EVENTS.messageSent, at, data)) this.messages++;
  }

  setStatus(at: number, to: Status, by: By, reason: string, actorId: string | null = null): void {
    this.push(INBOX_EVENTS.conversationStatusChanged, at, { from: this.status, to, by, reason, actorId });
    this.status = to;
  }

  assigned(at: number, userId: string): void {
    this.push(INBOX_EVENTS.conversationAssigned, at, {
      userId,
      previousUserId: this.assignee,
      actorId: null,
    });
    this.assignee = userId;
  }

  unassigned(at: number, actorId: string): void {
    this.push(INBOX_EVENTS.conversationUnassigned, at, { previousUserId: this.assignee, actorId });
    this.assignee = null;
  }

  handoff(at: number, reason: HandoffReason, teamId: string, userId: string | null): void {
    this.push(INBOX_EVENTS.conversationHandoff, at, { userId, reason, teamId, rule: null, actorId: userId });
  }

  categorized(at: number, category: string): void {
    const data = { category, previous: null, source: 'ai', confidence: 0.8, actorId: null };
    this.push(INBOX_EVENTS.conversationCategorized, at, data);
  }

  teamChanged(at: number, teamId: string, actorId: string | null): void {
    this.push(INBOX_EVENTS.conversationUpdated, at, { changes: ['teamId'], teamId, actorId });
  }

  botReplied(
    at: number,
    kind: 'greeting' | 'answer',
    intent: string | null,
    confidence: number | null,
  ): void {
    const data = {
      inReplyTo: this.lastCustomerMessage,
      messageIds: [],
      kind,
      intent,
      confidence,
      language: 'es',
    };
    this.push(INBOX_EVENTS.botReplied, at, data);
    this.sent(at, 'bot', null);
  }

  botFallback(at: number, consecutive: number): void {
    const data = { inReplyTo: this.lastCustomerMessage, consecutive, confidence: 0.2, language: 'es' };
    this.push(INBOX_EVENTS.botFallback, at, data);
    this.sent(at, 'bot', null);
  }

  /** The inbox's inactivity sweep: the status change, then bot.contained. */
  contained(at: number): void {
    this.setStatus(at, 'CLOSED', 'bot', 'bot_inactivity');
    this.push(INBOX_EVENTS.botContained, at, { reason: 'inactivity', closedAt: iso(at) });
  }
}

interface Draw {
  r: Random;
  org: BenchOrg;
  team: string;
  script: Script;
  t: number;
}

/** The bot's greeting and turns; contained (closed for inactivity a day later) or handed off. */
function botPhase(d: Draw, category: string | null, budget: number): 'contained' | 'handedOff' {
  const { r, script } = d;
  d.t += 1000;
  script.botReplied(d.t, 'greeting', null, null);
  if (category) script.categorized((d.t += 500), category);
  const contained = r() < 0.35;
  const turns = contained ? Math.max(1, Math.floor((budget - 3) / 2)) : r() < 0.4 ? 2 : 1;
  let fallbacks = 0;
  for (let i = 0; i < turns; i++) {
    d.t += 15_000 + Math.floor(expo(r, 40_000));
    script.received(d.t, d.t);
    d.t += 1500;
    if (r() < 0.2) script.botFallback(d.t, ++fallbacks);
    else {
      fallbacks = 0;
      script.botReplied(d.t, 'answer', zipf(r, INTENTS), Math.round((0.6 + 0.4 * r()) * 1000) / 1000);
    }
    if (!contained && fallbacks >= 2) break;
  }
  if (contained) {
    script.contained(d.t + DAY_MS);
    return 'contained';
  }
  d.t += 2000;
  const reason: HandoffReason = fallbacks > 0 ? 'fallbacks' : weighted(r, HANDOFF_WEIGHTS);
  if (reason === 'agent') {
    const agent = pick(r, d.org.agents);
    script.setStatus(d.t, 'HUMAN_HANDLING', 'agent', 'takeover', agent);
    script.handoff(d.t, 'agent', d.team, agent);
    script.assigned(d.t, agent);
  } else {
    script.setStatus(d.t, 'OPEN', 'bot', 'handoff');
    script.handoff(d.t, reason, d.team, null);
  }
  return 'handedOff';
}

/** Agent and customer take turns (the agent first) for `count` messages. */
function exchange(d: Draw, count: number): void {
  const { r, script } = d;
  for (let i = 0; i < count; i++) {
    if (i % 2 === 0) {
      d.t += 20_000 + Math.floor(expo(r, 3 * MINUTE_MS));
      script.sent(d.t, 'agent', script.assignee);
      script.setStatus(d.t, 'WAITING_FOR_CUSTOMER', 'agent', 'agent_message', script.assignee);
      if (r() < 0.03) {
        d.t += MINUTE_MS;
        const by = script.assignee ?? pick(r, d.org.admins);
        script.unassigned(d.t, by);
        script.assigned(d.t, pick(r, d.org.agents));
      }
      if (r() < 0.02) script.teamChanged((d.t += 1000), pick(r, d.org.teams), script.assignee);
    } else {
      d.t += 30_000 + Math.floor(expo(r, 8 * MINUTE_MS));
      script.received(d.t, d.t);
      script.setStatus(d.t, 'HUMAN_HANDLING', 'customer', 'customer_message');
    }
  }
}

function assign(d: Draw): void {
  d.t += 30_000 + Math.floor(expo(d.r, 6 * MINUTE_MS));
  const agent = pick(d.r, d.org.agents);
  d.script.assigned(d.t, agent);
  d.script.setStatus(d.t, 'HUMAN_HANDLING', 'agent', 'assign', agent);
}

/** People's part: assigned, the exchange, closed (a few never are), sometimes reopened and closed again. */
function peoplePhase(d: Draw, budget: number): void {
  const { r, script } = d;
  const remaining = Math.max(2, budget - script.messages);
  const reopen = remaining >= 4 && r() < 0.08;
  const later = reopen ? 2 + (r() < 0.5 ? 2 : 0) : 0;
  if (!script.assignee) assign(d);
  exchange(d, remaining - later);
  if (r() < 0.02) return; // abandoned: still open at the end
  d.t += 2 * MINUTE_MS + Math.floor(expo(r, 20 * MINUTE_MS));
  script.setStatus(d.t, 'CLOSED', 'agent', 'resolve', script.assignee);
  if (!reopen) return;
  d.t += HOUR_MS + Math.floor(Math.min(5 * DAY_MS, expo(r, 1.5 * DAY_MS)));
  script.setStatus(d.t, 'OPEN', 'customer', 'customer_message');
  script.received(d.t, d.t);
  if (r() < 0.5) assign(d);
  exchange(d, later - 1);
  d.t += 2 * MINUTE_MS + Math.floor(expo(r, 20 * MINUTE_MS));
  script.setStatus(d.t, 'CLOSED', 'agent', 'resolve', script.assignee);
}

/** One conversation's events, drawn from its own seed. */
export function conversationStory(s: StorySettings, c: ScheduledConversation): Story {
  const r = generator(seedOf(s.seed, 31, c.index));
  const org = c.org;
  const script = new Script(c.index, benchId(KIND.conversation, c.index), org.id, s.timeline.end);
  const d: Draw = { r, org, team: pick(r, org.teams), script, t: c.createdAt };
  const budget = Math.min(200, 2 + Math.round(expo(r, Math.max(0, s.meanMessages - 2))));
  const draw = r();
  const origin = draw < 0.85 ? 'CUSTOMER' : draw < 0.95 ? 'AD' : 'TEMPLATE';
  const bot = org.bot && origin !== 'TEMPLATE' && r() < 0.75;
  const category = r() < 0.85 ? zipf(r, CATEGORIES) : null;
  if (origin === 'TEMPLATE') {
    // We wrote first (a campaign or an agent's template); the customer may answer.
    const agent = r() < 0.5 ? pick(r, org.agents) : null;
    script.created(d.t, 'OPEN', origin, agent);
    script.sent(d.t, agent ? 'agent' : 'campaign', agent, 'template');
    script.setStatus(d.t, 'WAITING_FOR_CUSTOMER', agent ? 'agent' : 'system', 'template_sent', agent);
    if (r() < 0.3) {
      script.setStatus(d.t + DAY_MS, 'CLOSED', 'system', 'no_reply');
      return { events: script.events, messages: script.messages };
    }
    d.t += 1000 + Math.floor(expo(r, 2 * HOUR_MS));
    script.received(d.t, d.t);
    script.setStatus(d.t, 'OPEN', 'customer', 'customer_message');
    if (category) script.categorized((d.t += 1000), category);
  } else {
    script.created(d.t, bot ? 'BOT_HANDLING' : 'OPEN', origin, null);
    // WhatsApp's time of the opening message is a little before our createdAt.
    script.received(d.t - 1000, d.t);
    if (bot && botPhase(d, category, budget) === 'contained')
      return { events: script.events, messages: script.messages };
    if (!bot && category) script.categorized((d.t += 1000), category);
  }
  peoplePhase(d, budget);
  return { events: script.events, messages: script.messages };
}

/**
 * The mean to draw from so that stories hold `target` messages on average: minimums, bot turns
 * and the cut at the end move the raw draw off it. Measured on a sample of the schedule.
 */
export function calibratedMean(s: StorySettings, target: number, sample = 5000): number {
  let mean = target;
  for (let round = 0; round < 3; round++) {
    const probe = { ...s, conversations: sample, meanMessages: mean };
    let messages = 0;
    for (const c of conversationSchedule(probe)) messages += conversationStory(probe, c).messages;
    if (messages === 0) return target;
    mean *= target / (messages / sample);
  }
  return mean;
}
