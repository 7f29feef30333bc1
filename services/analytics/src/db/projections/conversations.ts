import { INBOX_EVENTS, inboxEventSchemas, type EventEnvelope, type InboxEventType } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import * as rules from '../../projections/cycle-rules';
import { occurredAt, type ProjectionTable } from '../../projections/projection';
import { assignments, conversationCycles, conversations } from '../schema';
import { markAnswersBefore } from './bot';
import {
  cycleAt,
  cyclesOf,
  insertCycle,
  lockConversation,
  updateConversation,
  updateCycle,
  type ConversationRow,
  type CycleRow,
  type CycleValues,
} from './conversation-rows';

const parse = <T extends InboxEventType>(type: T, event: EventEnvelope) =>
  inboxEventSchemas[type].parse(event.data) as ReturnType<(typeof inboxEventSchemas)[T]['parse']>;

type StatusChange = ReturnType<typeof parse<typeof INBOX_EVENTS.conversationStatusChanged>>;

const isAfter = (a: Date, b: Date) => a.getTime() > b.getTime();

/**
 * Conversations and their cycles. Latest-state fields (status, closedAt) follow status changes
 * not older than `lastEventAt` (the time of the latest status change applied); first-time facts
 * (resolutions, handoffs, cycle clocks) keep the earliest time seen. Created conversations and
 * cycles are keyed by the conversation (and the reopen's time), assignments by event id, so an
 * event applied twice changes nothing.
 */
export const conversationProjections: ProjectionTable = {
  [INBOX_EVENTS.conversationCreated]: async (tx, event) => {
    const data = parse(INBOX_EVENTS.conversationCreated, event);
    const at = occurredAt(event);
    const botStarted = data.status === 'BOT_HANDLING';
    await tx
      .insert(conversations)
      .values({
        id: data.conversationId,
        orgId: event.orgId,
        createdAt: at,
        origin: data.origin,
        botStarted,
        status: data.status,
        lastEventAt: at,
      })
      .onConflictDoNothing();
    await tx
      .insert(conversationCycles)
      .values({
        conversationId: data.conversationId,
        seq: 0,
        orgId: event.orgId,
        startedAt: at,
        peopleSince: botStarted ? null : at,
      })
      .onConflictDoNothing();
  },

  [INBOX_EVENTS.conversationStatusChanged]: async (tx, event) => {
    const data = parse(INBOX_EVENTS.conversationStatusChanged, event);
    const at = occurredAt(event);
    const row = await lockConversation(tx, event.orgId, data.conversationId);
    const patch: Partial<ConversationRow> = {};
    if (data.to === 'CLOSED') {
      const cycles = await cyclesOf(tx, row);
      const cycle = cycleAt(cycles, at);
      await updateCycle(tx, cycle, rules.close(cycle, at, row.assignedTo));
      if (closedByBot(data)) {
        patch.contained = true;
        await markContained(tx, cycles);
      }
    } else if (data.from === 'CLOSED' && (await reopen(tx, row, at))) {
      patch.reopenCount = row.reopenCount + 1;
    }
    if (!isAfter(row.lastEventAt, at)) {
      patch.status = data.to;
      patch.closedAt = data.to === 'CLOSED' ? at : null;
      patch.lastEventAt = at;
    }
    await updateConversation(tx, row, patch);
  },

  [INBOX_EVENTS.conversationAssigned]: async (tx, event) => {
    const data = parse(INBOX_EVENTS.conversationAssigned, event);
    const row = await lockConversation(tx, event.orgId, data.conversationId);
    await tx
      .insert(assignments)
      .values({
        eventId: event.id,
        orgId: event.orgId,
        conversationId: data.conversationId,
        userId: data.userId,
        at: occurredAt(event),
      })
      .onConflictDoNothing();
    // The assignee in arrival order: resolvedBy reads it when the conversation closes.
    await updateConversation(tx, row, { assignedTo: data.userId });
  },

  [INBOX_EVENTS.conversationUnassigned]: async (tx, event) => {
    const data = parse(INBOX_EVENTS.conversationUnassigned, event);
    const row = await lockConversation(tx, event.orgId, data.conversationId);
    await updateConversation(tx, row, { assignedTo: null });
  },

  [INBOX_EVENTS.conversationCategorized]: async (tx, event) => {
    const data = parse(INBOX_EVENTS.conversationCategorized, event);
    const row = await lockConversation(tx, event.orgId, data.conversationId);
    await updateConversation(tx, row, { category: data.category });
  },

  [INBOX_EVENTS.conversationUpdated]: async (tx, event) => {
    const data = parse(INBOX_EVENTS.conversationUpdated, event);
    if (data.teamId === undefined) return;
    const row = await lockConversation(tx, event.orgId, data.conversationId);
    await updateConversation(tx, row, { teamId: data.teamId });
  },

  [INBOX_EVENTS.conversationHandoff]: async (tx, event) => {
    const data = parse(INBOX_EVENTS.conversationHandoff, event);
    const at = occurredAt(event);
    const row = await lockConversation(tx, event.orgId, data.conversationId);
    const patch: Partial<ConversationRow> = {};
    if (!row.handedOffAt || isAfter(row.handedOffAt, at)) {
      patch.handedOffAt = at;
      patch.handoffReason = data.reason ?? null;
      await markAnswersBefore(tx, row, at);
    }
    // A handoff without a team left the conversation's team as it was (null is not "no team").
    if (data.teamId) patch.teamId = data.teamId;
    await updateConversation(tx, row, patch);
    const cycle = cycleAt(await cyclesOf(tx, row), at);
    await updateCycle(tx, cycle, rules.handoff(row.botStarted, cycle, at));
  },

  [INBOX_EVENTS.botContained]: async (tx, event) => {
    const data = parse(INBOX_EVENTS.botContained, event);
    const closedAt = new Date(data.closedAt);
    const row = await lockConversation(tx, event.orgId, data.conversationId);
    await updateConversation(tx, row, { contained: true });
    // The bot's close time is the resolution's (docs/metrics.md), by nobody.
    const cycles = await cyclesOf(tx, row);
    const cycle = cycleAt(cycles, closedAt);
    await updateCycle(tx, cycle, rules.close(cycle, closedAt, null));
    await markContained(tx, cycles);
  },
};

/**
 * The conversation is contained: its cycle 0 (the only one without people) then has no resolution
 * time (conversation_cycles.resolution_seconds reads the flag).
 */
async function markContained(tx: Db, cycles: CycleRow[]): Promise<void> {
  const first = cycles.find((c) => c.seq === 0);
  if (first) await updateCycle(tx, first, { contained: true });
}

/** The bot closed it while it still handled it: by itself, or its inactivity sweep. */
const closedByBot = (data: StatusChange): boolean =>
  data.from === 'BOT_HANDLING' && (data.by === 'bot' || data.reason === 'bot_inactivity');

/**
 * CLOSED → anything: a new cycle from the reopen (people responsible at once), unless one starts
 * at that moment already (applied twice). Facts of the new cycle that arrived before the reopen
 * move over from the cycle before it; a close newer than the reopen that found the earlier cycle
 * already resolved (so left it alone) resolves the new one.
 */
async function reopen(tx: Db, row: ConversationRow, at: Date): Promise<boolean> {
  const cycles = await cyclesOf(tx, row);
  const previous = cycleAt(cycles, at);
  const split = rules.splitAt(previous, at);
  const nextStart = cycles.find((c) => isAfter(c.startedAt, at))?.startedAt ?? null;
  const lateClose =
    row.closedAt && isAfter(row.closedAt, at) && (!nextStart || isAfter(nextStart, row.closedAt))
      ? { resolvedAt: row.closedAt, resolvedBy: row.assignedTo }
      : {};
  const inserted = await insertCycle(tx, row, cycles, {
    ...emptyCycle(at),
    ...lateClose,
    ...split.next,
  });
  if (inserted) await updateCycle(tx, previous, split.previous);
  return inserted;
}

const emptyCycle = (at: Date): CycleValues => ({
  startedAt: at,
  peopleSince: at,
  waitingSince: null,
  firstResponseAt: null,
  firstResponderId: null,
  resolvedAt: null,
  resolvedBy: null,
});
