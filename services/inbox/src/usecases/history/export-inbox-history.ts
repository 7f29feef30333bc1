import { DEFAULT_BOT_SETTINGS, HISTORY_PAGE_MAX_EVENTS, type HistoryEventView } from '@inbox/contracts';
import { historyEventMessage, type Db, type HistoryPageMessage, type HistoryQuery } from '@inbox/platform';
import {
  historyRepository,
  type MessagePosition,
  type PositionedMessage,
} from '../../db/repositories/history.repository';
import { decodeHistoryCursor, encodeHistoryCursor, type HistoryCursor } from './history-cursor';
import { endUnit, startUnit, stepMessage, type UnitProgress } from './unit-events';
import { planUnit, type BotTexts, type UnitFacts, type UnitPlan } from './unit-plan';

/**
 * The inbox's history (proto/history/v1/history.proto): each conversation created before the
 * cutoff, with its messages before it, told as the events the inbox publishes live (the rules of
 * what state cannot tell are in unit-plan.ts and unit-events.ts). Units are conversations in
 * keyset order of their id; a conversation with more events than a page holds is split.
 */
export async function exportInboxHistory(db: Db, query: HistoryQuery): Promise<HistoryPageMessage> {
  const cursor = decodeHistoryCursor(query.after);
  const texts = new BotTextsCache(db);
  const page: HistoryEventView[] = [];
  let afterId = cursor?.conversationId ?? null;
  let inclusive = cursor?.kind === 'inside';
  /** The last conversation told whole on this page. */
  let previous: string | null = null;
  let unitsTold = 0;
  for (let left = query.limit; left > 0;) {
    const want = Math.min(left, batchSize(page.length, unitsTold));
    const units = await historyRepository.units(db, {
      before: query.before,
      afterId,
      inclusive,
      limit: want,
    });
    const first = units[0]?.conversation.id;
    const resume = cursor?.kind === 'inside' && inclusive && first === cursor.conversationId ? cursor : null;
    const stream = new MessageStream(db, units, query.before, resume?.message ?? null);
    await texts.load(units);
    for (const facts of units) {
      const plan = planUnit(facts, texts.of(facts.conversation.orgId), query.before);
      const resumed = facts.conversation.id === first ? resume : null;
      const told = await tellUnit(plan, stream, resumed, HISTORY_PAGE_MAX_EVENTS - page.length);
      if (told.split && previous !== null) return pageOf(page, { kind: 'after', conversationId: previous });
      page.push(...told.events);
      if (told.split) return pageOf(page, told.split);
      previous = facts.conversation.id;
      unitsTold += 1;
    }
    if (units.length < want) return pageOf(page, null);
    left -= units.length;
    afterId = previous;
    inclusive = false;
  }
  return pageOf(page, previous === null ? null : { kind: 'after', conversationId: previous });
}

/**
 * Conversations read at a time: a page that fills with events after a few of them has not read
 * (and probed the first agent and bot messages of) the whole `limit`.
 */
const UNIT_BATCH = 100;

/** After the first batch, about as many conversations as the events left room for (one more). */
const batchSize = (events: number, units: number): number =>
  units === 0
    ? UNIT_BATCH
    : Math.min(UNIT_BATCH, Math.ceil((HISTORY_PAGE_MAX_EVENTS - events) / (events / units)) + 1);

const pageOf = (events: HistoryEventView[], next: HistoryCursor | null): HistoryPageMessage => ({
  events: events.map(historyEventMessage),
  next: next ? encodeHistoryCursor(next) : '',
});

interface Told {
  events: HistoryEventView[];
  /** Set when the page is full before the conversation's end: where the next page goes on. */
  split: HistoryCursor | null;
}

/** One conversation's events, as many as `room` allows, resumed where a cursor left it. */
async function tellUnit(
  plan: UnitPlan,
  stream: MessageStream,
  resumed: Extract<HistoryCursor, { kind: 'inside' }> | null,
  room: number,
): Promise<Told> {
  const id = plan.facts.conversation.id;
  const events: HistoryEventView[] = [];
  let progress: UnitProgress;
  let last: MessagePosition | null = resumed?.message ?? null;
  if (resumed) progress = resumed.progress;
  else {
    const start = startUnit(plan);
    events.push(...start.events);
    progress = start.progress;
  }
  const split = (): Told => ({
    events,
    split: { kind: 'inside', conversationId: id, message: last, progress },
  });
  for (let m = await stream.peek(id); m; m = await stream.peek(id)) {
    const step = stepMessage(plan, progress, m);
    if (events.length + step.events.length > room) return split();
    stream.take();
    events.push(...step.events);
    progress = step.progress;
    last = { conversationId: id, position: m.position, messageId: m.id };
  }
  const end = endUnit(plan, progress);
  if (events.length + end.events.length > room) return split();
  events.push(...end.events);
  return { events, split: null };
}

/** Bigger than a page's events: a page's messages usually come in one read. */
const CHUNK = HISTORY_PAGE_MAX_EVENTS + 1;

/** The messages of a page's conversations in export order, read in chunks from a position. */
class MessageStream {
  private buffer: PositionedMessage[] = [];
  private index = 0;
  private exhausted = false;
  private readonly ids: string[];

  constructor(
    private readonly db: Db,
    units: UnitFacts[],
    private readonly before: Date,
    private after: MessagePosition | null,
  ) {
    this.ids = units.map((u) => u.conversation.id);
    this.exhausted = this.ids.length === 0;
  }

  /** The next message if it belongs to this conversation. */
  async peek(conversationId: string): Promise<PositionedMessage | undefined> {
    if (this.index >= this.buffer.length && !this.exhausted) {
      this.buffer = await historyRepository.messages(this.db, {
        conversationIds: this.ids,
        before: this.before,
        after: this.after,
        limit: CHUNK,
      });
      this.index = 0;
      this.exhausted = this.buffer.length < CHUNK;
    }
    const next = this.buffer[this.index];
    return next?.conversationId === conversationId ? next : undefined;
  }

  take(): void {
    const m = this.buffer[this.index++];
    this.after = { conversationId: m.conversationId, position: m.position, messageId: m.id };
  }
}

/** Each organization's bot texts: its stored settings, the defaults where never configured. */
class BotTextsCache {
  private readonly texts = new Map<number, BotTexts>();
  constructor(private readonly db: Db) {}

  /** Reads the organizations of these conversations not read yet, in one query. */
  async load(units: UnitFacts[]): Promise<void> {
    const missing = [...new Set(units.map((u) => u.conversation.orgId))].filter((id) => !this.texts.has(id));
    const stored = new Map(
      (await historyRepository.botSettings(this.db, missing)).map((row) => [row.orgId, row.settings]),
    );
    for (const orgId of missing)
      this.texts.set(orgId, { ...DEFAULT_BOT_SETTINGS, ...(stored.get(orgId) ?? {}) });
  }

  of(orgId: number): BotTexts {
    return this.texts.get(orgId)!;
  }
}
