import type pg from 'pg';
import { QUEUES, type EventEnvelope } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import type { AnalyticsDeps } from '@inbox/analytics';
import { analyticsEventsHandler } from '@inbox/analytics/dist/consumers/events.consumer';
import { applyEvent } from '@inbox/analytics/dist/projections';
import { CHECK_ORG } from './analytics-data';
import { BulkWriter, projectConversation, SlotCounter, type TableName } from './analytics-rows';
import { conversationSchedule, conversationStory, type StorySettings } from './analytics-stories';

/*
 * The three ways events reach the read models in this bench: the consumer's (analyticsEventsHandler:
 * one event per transaction with its processed_events row, several conversations at once as the
 * bus's prefetch allows, each conversation's events in order), batched applyEvent (many events per
 * transaction, one connection, no processed_events row), and the bulk load of the rows those
 * would write (analytics-rows.ts), checked equal to applyEvent's on a sample first.
 */

export interface Rate {
  events: number;
  conversations: number;
  messages: number;
  seconds: number;
  eventsPerSecond: number;
}

const rate = (events: number, conversations: number, messages: number, started: number): Rate => {
  const seconds = (performance.now() - started) / 1000;
  return {
    events,
    conversations,
    messages,
    seconds: Math.round(seconds * 10) / 10,
    eventsPerSecond: Math.round(events / seconds),
  };
};

/** Batched applyEvent: `batch` events per transaction, in the order given. */
export async function applyBatched(db: Db, events: Iterable<EventEnvelope>, batch: number): Promise<Rate> {
  const started = performance.now();
  let count = 0;
  let chunk: EventEnvelope[] = [];
  const commit = async () => {
    const applying = chunk;
    chunk = [];
    await db.transaction(async (tx) => {
      for (const event of applying) await applyEvent(tx, event);
    });
  };
  for (const event of events) {
    chunk.push(event);
    count++;
    if (chunk.length >= batch) await commit();
  }
  if (chunk.length > 0) await commit();
  return rate(count, 0, 0, started);
}

/**
 * A deadlock between lanes (two events' rollup rows locked in opposite orders) is retried, as the
 * bus redelivers a failed event; production applies one event at a time and has none.
 */
async function retried(apply: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await apply();
      return;
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).cause?.code ??
        (error as { code?: string }).code;
      if (attempt >= 5 || (code !== '40P01' && code !== '40001')) throw error;
    }
  }
}

/** The consumer's handler, `lanes` conversations at a time, each conversation's events in order. */
async function applyThroughConsumer(deps: AnalyticsDeps, conversations: EventEnvelope[][], lanes: number) {
  const handler = analyticsEventsHandler(deps);
  const info = { attempt: 1, headers: {}, queue: QUEUES.analyticsEvents };
  let next = 0;
  const lane = async () => {
    while (next < conversations.length) {
      const events = conversations[next++];
      for (const event of events) await retried(() => handler(event, info));
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

export interface ConversationLoad {
  consumer: Rate;
  batched: Rate;
  bulk: Rate & { rows: Record<TableName, number> };
  total: { conversations: number; messages: number; events: number };
}

export interface LoadOptions {
  /** Events (whole conversations) through the consumer path, then through batched applyEvent. */
  consumerEvents: number;
  batchedEvents: number;
  batch: number;
  lanes: number;
  progress: (line: string) => void;
}

/**
 * Every conversation of the schedule: the first ones through the consumer, the next through
 * batched applyEvent, the rest bulk-loaded. Stories are drawn one at a time (memory stays flat);
 * message slots are written once no later conversation can reach them (creation times ascend and
 * a conversation's first message is at most a second before its creation).
 */
export async function loadConversations(
  deps: AnalyticsDeps,
  pool: pg.Pool,
  settings: StorySettings,
  options: LoadOptions,
): Promise<ConversationLoad> {
  const schedule = conversationSchedule(settings);
  const total = { conversations: 0, messages: 0, events: 0 };
  const draw = () => {
    const next = schedule.next();
    if (next.done) return null;
    const story = conversationStory(settings, next.value);
    total.conversations++;
    total.messages += story.messages;
    total.events += story.events.length;
    return { ...story, createdAt: next.value.createdAt };
  };

  let started = performance.now();
  const sample: EventEnvelope[][] = [];
  let events = 0;
  let messages = 0;
  while (events < options.consumerEvents) {
    const story = draw();
    if (!story) break;
    sample.push(story.events);
    events += story.events.length;
    messages += story.messages;
  }
  started = performance.now(); // drawing the sample is not the consumer's time
  await applyThroughConsumer(deps, sample, options.lanes);
  const consumer = rate(events, sample.length, messages, started);
  options.progress(`consumer path: ${JSON.stringify(consumer)}`);

  started = performance.now();
  const before = { ...total };
  const batchedStories = function* () {
    while (total.events - before.events < options.batchedEvents) {
      const story = draw();
      if (!story) return;
      yield* story.events;
    }
  };
  const applied = await applyBatched(deps.db, batchedStories(), options.batch);
  const batched = rate(
    applied.events,
    total.conversations - before.conversations,
    total.messages - before.messages,
    started,
  );
  options.progress(`batched applyEvent: ${JSON.stringify(batched)}`);

  started = performance.now();
  const bulkFrom = { ...total };
  const writer = new BulkWriter(pool);
  const slots = new SlotCounter();
  for (let story = draw(), n = 1; story; story = draw(), n++) {
    const rows = projectConversation(story.events, slots);
    if (rows) {
      await writer.add('conversations', [rows.conversation]);
      await writer.add('cycles', rows.cycles);
      await writer.add('assignments', rows.assignments);
      await writer.add('botTurns', rows.botTurns);
    }
    if (n % 5000 === 0) await writer.add('slots', slots.take(story.createdAt - 20 * 60_000));
    if (n % 100_000 === 0)
      options.progress(`bulk: ${n} conversations, ${Math.round((performance.now() - started) / 1000)} s`);
  }
  await writer.add('slots', slots.take(null));
  await writer.finish();
  const bulk = {
    ...rate(
      total.events - bulkFrom.events,
      total.conversations - bulkFrom.conversations,
      total.messages - bulkFrom.messages,
      started,
    ),
    rows: writer.written,
  };
  return { consumer, batched, bulk, total };
}

// Rollups (kept by triggers) after the rows they count; a rollup row whose counts went back to 0
// (events moved a conversation from one value to another) is the same as none.
const CHECKED = [
  ['analytics.conversations', 'id', ''],
  ['analytics.conversation_cycles', 'conversation_id, seq', ''],
  ['analytics.assignments', 'event_id', ''],
  ['analytics.bot_turns', 'event_id', ''],
  ['analytics.message_slots', 'slot, direction, sender, user_id', ''],
  [
    'analytics.slot_counts',
    'slot',
    'and (created, reopened, cycles_started, cycles_resolved, messages_in, messages_out) <> (0, 0, 0, 0, 0, 0)',
  ],
  ['analytics.conversation_facets', 'day, field, value', 'and count <> 0'],
  ['analytics.bot_turn_days', 'day, kind, intent', 'and (count, followed) <> (0, 0)'],
  ['analytics.agent_days', 'day, user_id', 'and (assigned, messages) <> (0, 0)'],
  ['analytics.duration_counts', 'metric, grain, period, agent, bucket', 'and (count, seconds) <> (0, 0)'],
] as const;

async function snapshot(pool: pg.Pool): Promise<Map<string, string[]>> {
  const tables = new Map<string, string[]>();
  for (const [table, order, nonZero] of CHECKED) {
    // A sum of seconds is numeric: the same number may be written 86400 or 86400.000.
    const columns = table === 'analytics.duration_counts' ? '*, trim_scale(seconds) as seconds' : '*';
    const { rows } = await pool.query(
      `select ${columns} from ${table} where org_id = $1 ${nonZero} order by ${order}`,
      [CHECK_ORG.id],
    );
    tables.set(
      table,
      rows.map((r) => JSON.stringify(r)),
    );
  }
  return tables;
}

const clear = async (pool: pg.Pool) => {
  for (const [table] of CHECKED) await pool.query(`delete from ${table} where org_id = $1`, [CHECK_ORG.id]);
};

export interface CheckResult {
  conversations: number;
  events: number;
  rows: number;
  differences: string[];
}

/**
 * The bulk rows against applyEvent's for the same conversations (an organization of their own,
 * removed afterwards): every row of every conversation table, and the message slots.
 */
export async function checkBulkRows(db: Db, pool: pg.Pool, settings: StorySettings): Promise<CheckResult> {
  const stories = [...conversationSchedule(settings)].map((c) => conversationStory(settings, c));
  const events = stories.flatMap((s) => s.events);
  await applyBatched(db, events, 500);
  const projected = await snapshot(pool);
  await clear(pool);
  const writer = new BulkWriter(pool);
  const slots = new SlotCounter();
  for (const story of stories) {
    const rows = projectConversation(story.events, slots);
    if (!rows) continue;
    await writer.add('conversations', [rows.conversation]);
    await writer.add('cycles', rows.cycles);
    await writer.add('assignments', rows.assignments);
    await writer.add('botTurns', rows.botTurns);
  }
  await writer.add('slots', slots.take(null));
  await writer.finish();
  const loaded = await snapshot(pool);
  await clear(pool);
  const differences: string[] = [];
  let rows = 0;
  for (const [table, expected] of projected) {
    const actual = loaded.get(table) ?? [];
    rows += expected.length;
    if (expected.length !== actual.length)
      differences.push(`${table}: ${expected.length} rows projected, ${actual.length} bulk-loaded`);
    const [inExpected, inActual] = [new Set(expected), new Set(actual)];
    for (const row of expected.filter((r) => !inActual.has(r)).slice(0, 3))
      differences.push(`${table}: projected ${row}`);
    for (const row of actual.filter((r) => !inExpected.has(r)).slice(0, 3))
      differences.push(`${table}: bulk-loaded ${row}`);
  }
  return { conversations: stories.length, events: events.length, rows, differences };
}
