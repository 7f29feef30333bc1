import { DEFAULT_BOT_SETTINGS, HISTORY_PAGE_MAX_EVENTS } from '@inbox/contracts';
import { HistoryPageBuilder, type Db, type HistoryPageMessage, type HistoryQuery } from '@inbox/platform';
import {
  historyRepository,
  type HistoryUnitRow,
  type MessagePosition,
  type PositionedMessage,
} from '../../db/repositories/history.repository';
import {
  decodeHistoryCursor,
  encodeHistoryCursor,
  type HistoryCursor,
} from '../../domain/history/history-cursor';
import { endUnit, startUnit, stepMessage, type UnitProgress } from '../../domain/history/unit-events';
import { planUnit, type BotTexts, type UnitPlan } from '../../domain/history/unit-plan';

/**
 * The inbox's history (proto/history/v1/history.proto): each conversation created before the
 * cutoff, with its messages before it, told as the events the inbox publishes live (the rules of
 * what state cannot tell are in domain/history). Units are conversations in keyset order of their
 * id; a page holds at most `limit` of them and stays within HistoryPageBuilder's bounds, ending
 * inside a conversation when the next message's events do not fit: the cursor then carries the
 * conversation's plan and progress, and the next page goes on from its next message.
 */
export async function exportInboxHistory(db: Db, query: HistoryQuery): Promise<HistoryPageMessage> {
  const cursor = decodeHistoryCursor(query.after, query.before);
  const page = new HistoryPageBuilder();
  const ctx: Context = { before: query.before, page };
  let done = cursor?.kind === 'after' ? cursor.conversationId : null;
  let told = 0;
  if (cursor?.kind === 'inside') {
    const id = cursor.plan.conversationId;
    const from = cursor.message && { conversationId: id, ...cursor.message };
    const stream = new MessageStream(db, [id], query.before, from);
    const stopped = await tellRest(ctx, cursor.plan, stream, cursor.message, cursor.progress);
    if (stopped) return pageOf(page, stopped);
    done = id;
    told = 1;
  }
  const texts = new BotTextsCache(db);
  while (told < query.limit) {
    const want = Math.min(query.limit - told, batchSize(page.events.length, told));
    const units = await historyRepository.units(db, { before: query.before, afterId: done, limit: want });
    await texts.load(units);
    const stream = new MessageStream(
      db,
      units.map((u) => u.conversation.id),
      query.before,
      null,
    );
    for (const unit of units) {
      const plan = planUnit(unit, texts.of(unit.conversation.orgId), query.before);
      const start = startUnit(plan);
      // Not even begun: the next page starts with it (a page with room for nothing has told one before it).
      if (!page.add(start.events)) return pageOf(page, after(query, done!));
      const stopped = await tellRest(ctx, plan, stream, null, start.progress);
      if (stopped) return pageOf(page, stopped);
      done = unit.conversation.id;
      told += 1;
    }
    if (units.length < want) return pageOf(page, null);
  }
  return pageOf(page, after(query, done!));
}

interface Context {
  before: Date;
  page: HistoryPageBuilder;
}

const after = (query: HistoryQuery, conversationId: string): HistoryCursor => ({
  kind: 'after',
  before: query.before.toISOString(),
  conversationId,
});

const pageOf = (page: HistoryPageBuilder, next: HistoryCursor | null): HistoryPageMessage => ({
  events: page.events,
  next: next ? encodeHistoryCursor(next) : '',
});

/**
 * A conversation's messages from `message` on, then its end, as far as the page takes them:
 * null when all of it is in, else the cursor inside it.
 */
async function tellRest(
  ctx: Context,
  plan: UnitPlan,
  stream: MessageStream,
  message: MessagePosition | null,
  progress: UnitProgress,
): Promise<HistoryCursor | null> {
  const inside = (): HistoryCursor => ({
    kind: 'inside',
    before: ctx.before.toISOString(),
    plan,
    message,
    progress,
  });
  for (let m = await stream.peek(plan.conversationId); m; m = await stream.peek(plan.conversationId)) {
    const step = stepMessage(plan, progress, m);
    if (!ctx.page.add(step.events)) return inside();
    stream.take();
    progress = step.progress;
    message = { position: m.position, messageId: m.id };
  }
  return ctx.page.add(endUnit(plan, progress).events) ? null : inside();
}

/**
 * Conversations read at a time: a page that fills with events after a few of them has not read
 * (and probed the first agent and bot messages of) the whole `limit`.
 */
const UNIT_BATCH = 100;

/** After the first batch, about as many conversations as the events left room for (one more). */
const batchSize = (events: number, units: number): number =>
  units === 0 || events === 0
    ? UNIT_BATCH
    : Math.min(UNIT_BATCH, Math.ceil(Math.max(0, HISTORY_PAGE_MAX_EVENTS - events) / (events / units)) + 1);

/** Bigger than a page's events: a page's messages usually come in one read. */
const CHUNK = HISTORY_PAGE_MAX_EVENTS + 1;

/** Where a stream stands: after this message of this conversation. */
type StreamPosition = MessagePosition & { conversationId: string };

/**
 * The messages of some conversations (in the units' order) in export order, read in chunks: the
 * rest of the conversation the last chunk stopped in, from its position, then the conversations
 * after it from their first message. Each read walks the index from where it starts.
 */
class MessageStream {
  private buffer: PositionedMessage[] = [];
  private index = 0;
  private exhausted: boolean;

  constructor(
    private readonly db: Db,
    private readonly ids: string[],
    private readonly before: Date,
    /** A position in the first conversation, or null to start at its first message. */
    private last: StreamPosition | null,
  ) {
    this.exhausted = ids.length === 0;
  }

  /** The next message if it belongs to this conversation. */
  async peek(conversationId: string): Promise<PositionedMessage | undefined> {
    if (this.index >= this.buffer.length && !this.exhausted) await this.read();
    const next = this.buffer[this.index];
    return next?.conversationId === conversationId ? next : undefined;
  }

  take(): void {
    const m = this.buffer[this.index++];
    this.last = { conversationId: m.conversationId, position: m.position, messageId: m.id };
  }

  private async read(): Promise<void> {
    const { db, before, last } = this;
    let rows: PositionedMessage[] = [];
    let rest = this.ids;
    if (last) {
      const { conversationId } = last;
      rows = await historyRepository.messagesAfter(db, { conversationId, after: last, before, limit: CHUNK });
      rest = this.ids.slice(this.ids.indexOf(conversationId) + 1);
    }
    if (rows.length < CHUNK && rest.length > 0)
      rows = rows.concat(
        await historyRepository.messages(db, { conversationIds: rest, before, limit: CHUNK - rows.length }),
      );
    this.buffer = rows;
    this.index = 0;
    this.exhausted = rows.length < CHUNK;
  }
}

/** Each organization's bot texts: its stored settings, the defaults where never configured. */
class BotTextsCache {
  private readonly texts = new Map<number, BotTexts>();
  constructor(private readonly db: Db) {}

  /** Reads the organizations of these conversations not read yet, in one query. */
  async load(units: HistoryUnitRow[]): Promise<void> {
    const missing = [...new Set(units.map((u) => u.conversation.orgId))].filter((id) => !this.texts.has(id));
    const stored = new Map(
      (await historyRepository.botSettings(this.db, missing)).map((row) => [row.orgId, row.settings]),
    );
    for (const orgId of missing) {
      const s = { ...DEFAULT_BOT_SETTINGS, ...(stored.get(orgId) ?? {}) };
      this.texts.set(orgId, {
        greeting: s.greeting,
        fallbackMessage: s.fallbackMessage,
        handoffMessage: s.handoffMessage,
        outOfHoursMessage: s.outOfHoursMessage,
        language: s.language,
        inactivityCloseHours: s.inactivityCloseHours,
      });
    }
  }

  of(orgId: number): BotTexts {
    return this.texts.get(orgId)!;
  }
}
