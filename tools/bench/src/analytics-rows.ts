import type pg from 'pg';
import { INBOX_EVENTS, type EventEnvelope } from '@inbox/contracts';
import { slotOf } from '@inbox/analytics/dist/projections';
import * as rules from '@inbox/analytics/dist/projections/cycle-rules';

/*
 * The rows the conversation projections (services/analytics/src/projections) leave for one
 * conversation whose events arrive in order, computed in memory, and a writer that loads such rows
 * with multi-row INSERT … SELECT unnest(…) statements: the bench's way to fill the read models at
 * the issue's size in minutes instead of the hours applyEvent would take. The cycle rules are the
 * projections' own (cycle-rules.ts); only the reading and writing of rows is redone here. The
 * bench checks on every run that these rows equal what applyEvent writes for the same events.
 */

type Row = Record<string, unknown>;
const at = (e: EventEnvelope) => new Date(e.occurredAt);
const after = (a: Date, b: Date) => a.getTime() > b.getTime();

interface ConversationRow {
  id: string;
  orgId: number;
  createdAt: Date;
  origin: string;
  botStarted: boolean;
  status: string;
  category: string | null;
  teamId: string | null;
  assignedTo: string | null;
  handedOffAt: Date | null;
  handoffReason: string | null;
  contained: boolean;
  closedAt: Date | null;
  reopenCount: number;
  lastEventAt: Date;
}

type CycleRow = rules.CycleFacts & { conversationId: string; orgId: number; contained?: boolean };

export interface ProjectedRows {
  conversation: ConversationRow;
  cycles: CycleRow[];
  assignments: Row[];
  botTurns: Row[];
}

/** Message counts per 15-minute slot, kept until no later conversation can add to a slot. */
export class SlotCounter {
  private readonly counts = new Map<string, number>();

  add(orgId: number, sentAt: Date, direction: string, sender: string, userId: string): void {
    const key = `${orgId}|${slotOf(sentAt).getTime()}|${direction}|${sender}|${userId}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** Removes and returns the slots before `before` (all of them when null). */
  take(before: number | null): Row[] {
    const rows: Row[] = [];
    for (const [key, count] of this.counts) {
      const [orgId, slot, direction, sender, userId] = key.split('|');
      if (before !== null && Number(slot) >= before) continue;
      this.counts.delete(key);
      rows.push({ orgId: Number(orgId), slot: new Date(Number(slot)), direction, sender, userId, count });
    }
    return rows;
  }
}

/** The latest cycle started at or before `moment` (cycle 0 for a moment before the creation). */
function cycleAt(cycles: CycleRow[], moment: Date): CycleRow {
  let found = cycles.find((c) => c.seq === 0) ?? cycles[0];
  for (const cycle of cycles) if (cycle.startedAt.getTime() <= moment.getTime()) found = cycle;
  return found;
}

/** CLOSED → anything at `moment`: conversations.ts's reopen over the rows in memory. */
function reopen(row: ConversationRow, cycles: CycleRow[], moment: Date): boolean {
  if (cycles.some((c) => c.startedAt.getTime() === moment.getTime())) return false;
  const previous = cycleAt(cycles, moment);
  const split = rules.splitAt(previous, moment);
  const nextStart = cycles.find((c) => after(c.startedAt, moment))?.startedAt ?? null;
  const lateClose =
    row.closedAt && after(row.closedAt, moment) && (!nextStart || after(nextStart, row.closedAt))
      ? { resolvedAt: row.closedAt, resolvedBy: row.assignedTo }
      : {};
  cycles.push({
    conversationId: row.id,
    orgId: row.orgId,
    seq: cycles.reduce((max, c) => Math.max(max, c.seq), -1) + 1,
    startedAt: moment,
    peopleSince: moment,
    waitingSince: null,
    firstResponseAt: null,
    firstResponderId: null,
    resolvedAt: null,
    resolvedBy: null,
    ...lateClose,
    ...split.next,
  });
  cycles.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime() || a.seq - b.seq);
  Object.assign(previous, split.previous);
  return true;
}

/**
 * One conversation's rows after its events (in order), counting its messages into `slots`; null
 * when its creation is not among them. Mirrors projections/conversations.ts, messages.ts, bot.ts.
 */
export function projectConversation(events: EventEnvelope[], slots: SlotCounter): ProjectedRows | null {
  const first = events[0];
  if (!first || first.type !== INBOX_EVENTS.conversationCreated) return null;
  const created = first.data as { conversationId: string; status: string; origin: string };
  const createdAt = at(first);
  const botStarted = created.status === 'BOT_HANDLING';
  const row: ConversationRow = {
    id: created.conversationId,
    orgId: first.orgId,
    createdAt,
    origin: created.origin,
    botStarted,
    status: created.status,
    category: null,
    teamId: null,
    assignedTo: null,
    handedOffAt: null,
    handoffReason: null,
    contained: false,
    closedAt: null,
    reopenCount: 0,
    lastEventAt: createdAt,
  };
  const cycles: CycleRow[] = [
    {
      conversationId: row.id,
      orgId: row.orgId,
      seq: 0,
      startedAt: createdAt,
      peopleSince: botStarted ? null : createdAt,
      waitingSince: null,
      firstResponseAt: null,
      firstResponderId: null,
      resolvedAt: null,
      resolvedBy: null,
    },
  ];
  const result: ProjectedRows = { conversation: row, cycles, assignments: [], botTurns: [] };
  const { orgId, id: conversationId } = row;
  for (const e of events.slice(1)) {
    const data = e.data as Record<string, never>;
    switch (e.type) {
      case INBOX_EVENTS.conversationStatusChanged: {
        const moment = at(e);
        const patch: Partial<ConversationRow> = {};
        if (data.to === 'CLOSED') {
          const cycle = cycleAt(cycles, moment);
          Object.assign(cycle, rules.close(cycle, moment, row.assignedTo));
          if (data.from === 'BOT_HANDLING' && (data.by === 'bot' || data.reason === 'bot_inactivity'))
            patch.contained = true;
        } else if (data.from === 'CLOSED' && reopen(row, cycles, moment)) {
          patch.reopenCount = row.reopenCount + 1;
        }
        if (!after(row.lastEventAt, moment)) {
          patch.status = data.to;
          patch.closedAt = data.to === 'CLOSED' ? moment : null;
          patch.lastEventAt = moment;
        }
        Object.assign(row, patch);
        break;
      }
      case INBOX_EVENTS.conversationAssigned:
        result.assignments.push({ eventId: e.id, orgId, conversationId, userId: data.userId, at: at(e) });
        row.assignedTo = data.userId;
        break;
      case INBOX_EVENTS.conversationUnassigned:
        row.assignedTo = null;
        break;
      case INBOX_EVENTS.conversationCategorized:
        row.category = data.category;
        break;
      case INBOX_EVENTS.conversationUpdated:
        if (data.teamId !== undefined) row.teamId = data.teamId;
        break;
      case INBOX_EVENTS.conversationHandoff: {
        const moment = at(e);
        if (!row.handedOffAt || after(row.handedOffAt, moment)) {
          row.handedOffAt = moment;
          row.handoffReason = data.reason ?? null;
        }
        if (data.teamId) row.teamId = data.teamId;
        const cycle = cycleAt(cycles, moment);
        Object.assign(cycle, rules.handoff(row.botStarted, cycle, moment));
        break;
      }
      case INBOX_EVENTS.botContained: {
        const closedAt = new Date(data.closedAt);
        row.contained = true;
        const cycle = cycleAt(cycles, closedAt);
        Object.assign(cycle, rules.close(cycle, closedAt, null));
        break;
      }
      case INBOX_EVENTS.messageReceived: {
        const sentAt = new Date(data.sentAt);
        const cycle = cycleAt(cycles, sentAt);
        Object.assign(cycle, rules.customerMessage(row.botStarted, cycle, sentAt));
        slots.add(orgId, sentAt, 'inbound', 'customer', '');
        break;
      }
      case INBOX_EVENTS.messageSent: {
        const sentAt = new Date(data.sentAt);
        const agent = data.sender === 'agent';
        if (agent && data.type !== 'template') {
          const cycle = cycleAt(cycles, sentAt);
          Object.assign(cycle, rules.agentMessage(cycle, sentAt, data.senderUserId));
        }
        slots.add(orgId, sentAt, 'outbound', data.sender, agent ? (data.senderUserId ?? '') : '');
        break;
      }
      case INBOX_EVENTS.botReplied:
      case INBOX_EVENTS.botFallback: {
        const fallback = e.type === INBOX_EVENTS.botFallback;
        result.botTurns.push({
          eventId: e.id,
          orgId,
          conversationId: data.conversationId,
          kind: fallback ? 'fallback' : data.kind,
          intent: fallback ? null : data.intent,
          confidence: data.confidence,
          at: at(e),
        });
        break;
      }
    }
  }
  // Facts the projections keep as the events come (conversations.ts markContained, bot.ts
  // markAnswersBefore), read here from the final rows.
  for (const cycle of cycles) cycle.contained = cycle.seq === 0 && row.contained;
  for (const turn of result.botTurns)
    turn.followedByHandoff =
      turn.kind === 'answer' && row.handedOffAt !== null && row.handedOffAt >= (turn.at as Date);
  return result;
}

/** A read-model table as the writer loads it: its columns in order, with their SQL types. */
export interface TableSpec {
  name: string;
  columns: Array<[field: string, column: string, type: string]>;
  onConflict?: string;
}

export const TABLES = {
  conversations: {
    name: 'analytics.conversations',
    columns: [
      ['id', 'id', 'text'],
      ['orgId', 'org_id', 'int4'],
      ['createdAt', 'created_at', 'timestamptz'],
      ['origin', 'origin', 'text'],
      ['botStarted', 'bot_started', 'bool'],
      ['status', 'status', 'text'],
      ['category', 'category', 'text'],
      ['teamId', 'team_id', 'text'],
      ['assignedTo', 'assigned_to', 'text'],
      ['handedOffAt', 'handed_off_at', 'timestamptz'],
      ['handoffReason', 'handoff_reason', 'text'],
      ['contained', 'contained', 'bool'],
      ['closedAt', 'closed_at', 'timestamptz'],
      ['reopenCount', 'reopen_count', 'int4'],
      ['lastEventAt', 'last_event_at', 'timestamptz'],
    ],
  },
  cycles: {
    name: 'analytics.conversation_cycles',
    columns: [
      ['conversationId', 'conversation_id', 'text'],
      ['seq', 'seq', 'int4'],
      ['orgId', 'org_id', 'int4'],
      ['startedAt', 'started_at', 'timestamptz'],
      ['peopleSince', 'people_since', 'timestamptz'],
      ['waitingSince', 'waiting_since', 'timestamptz'],
      ['firstResponseAt', 'first_response_at', 'timestamptz'],
      ['firstResponderId', 'first_responder_id', 'text'],
      ['resolvedAt', 'resolved_at', 'timestamptz'],
      ['resolvedBy', 'resolved_by', 'text'],
      ['contained', 'contained', 'bool'],
    ],
  },
  assignments: {
    name: 'analytics.assignments',
    columns: [
      ['eventId', 'event_id', 'text'],
      ['orgId', 'org_id', 'int4'],
      ['conversationId', 'conversation_id', 'text'],
      ['userId', 'user_id', 'text'],
      ['at', 'at', 'timestamptz'],
    ],
  },
  botTurns: {
    name: 'analytics.bot_turns',
    columns: [
      ['eventId', 'event_id', 'text'],
      ['orgId', 'org_id', 'int4'],
      ['conversationId', 'conversation_id', 'text'],
      ['kind', 'kind', 'text'],
      ['intent', 'intent', 'text'],
      ['confidence', 'confidence', 'float8'],
      ['at', 'at', 'timestamptz'],
      ['followedByHandoff', 'followed_by_handoff', 'bool'],
    ],
  },
  slots: {
    name: 'analytics.message_slots',
    columns: [
      ['orgId', 'org_id', 'int4'],
      ['slot', 'slot', 'timestamptz'],
      ['direction', 'direction', 'text'],
      ['sender', 'sender', 'text'],
      ['userId', 'user_id', 'text'],
      ['count', 'count', 'int4'],
    ],
    // Slots the applyEvent part of the run counted already: add to them.
    onConflict:
      'on conflict (org_id, slot, direction, sender, user_id) do update set count = message_slots.count + excluded.count',
  },
} satisfies Record<string, TableSpec>;

export type TableName = keyof typeof TABLES;

const ROWS_PER_STATEMENT = 5000;

/** One value as an element of a PostgreSQL array parameter. */
const element = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/**
 * Buffers rows per table and inserts them ROWS_PER_STATEMENT at a time, one array parameter per
 * column, a few statements in flight on the pool while the caller draws the next rows.
 */
export class BulkWriter {
  private readonly buffers = new Map<TableName, unknown[][]>();
  private readonly pending = new Set<Promise<void>>();
  private failure: unknown = null;
  readonly written: Record<TableName, number> = {
    conversations: 0,
    cycles: 0,
    assignments: 0,
    botTurns: 0,
    slots: 0,
  };

  constructor(
    private readonly pool: pg.Pool,
    private readonly inFlight = 2,
  ) {}

  async add(table: TableName, rows: readonly object[]): Promise<void> {
    const spec: TableSpec = TABLES[table];
    let columns = this.buffers.get(table);
    if (!columns) this.buffers.set(table, (columns = spec.columns.map(() => [])));
    for (const row of rows as Row[])
      spec.columns.forEach(([field], i) => columns[i].push(element(row[field])));
    if (columns[0].length >= ROWS_PER_STATEMENT) await this.flush(table);
  }

  private async flush(table: TableName): Promise<void> {
    const columns = this.buffers.get(table);
    if (!columns || columns[0].length === 0) return;
    this.buffers.delete(table);
    const spec: TableSpec = TABLES[table];
    const text =
      `insert into ${spec.name} (${spec.columns.map(([, c]) => c).join(', ')}) ` +
      `select * from unnest(${spec.columns.map(([, , type], i) => `$${i + 1}::${type}[]`).join(', ')}) ` +
      (spec.onConflict ?? '');
    const count = columns[0].length;
    // Never rejects (a failure is kept and thrown at the caller's next step): nothing unhandled.
    const insert: Promise<void> = this.pool
      .query(text, columns)
      .then(
        () => void (this.written[table] += count),
        (error: unknown) => void (this.failure ??= error),
      )
      .finally(() => this.pending.delete(insert));
    this.pending.add(insert);
    if (this.pending.size >= this.inFlight) await Promise.race(this.pending);
    if (this.failure) throw this.failure;
  }

  /** Writes what is buffered and waits for every statement. */
  async finish(): Promise<void> {
    for (const table of [...this.buffers.keys()]) await this.flush(table);
    await Promise.all(this.pending);
    if (this.failure) throw this.failure;
  }
}
