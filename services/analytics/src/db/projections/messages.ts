import { sql } from 'drizzle-orm';
import { INBOX_EVENTS, inboxEventSchemas } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import * as rules from '../../projections/cycle-rules';
import type { ProjectionTable } from '../../projections/projection';
import { messageSlots, SLOT_MINUTES } from '../schema';
import { cycleAt, cyclesOf, lockConversation, updateCycle } from './conversation-rows';

const SLOT_MS = SLOT_MINUTES * 60_000;

/** The 15-minute UTC slot a moment falls in. */
export const slotOf = (at: Date): Date => new Date(Math.floor(at.getTime() / SLOT_MS) * SLOT_MS);

interface SlotKey {
  orgId: number;
  at: Date;
  direction: 'inbound' | 'outbound';
  sender: string;
  userId: string | null;
}

/**
 * One more message in its slot. Not idempotent by itself: a redelivered event is skipped by the
 * consumer's processed_events row (there is no per-message row to key on, by design: slots keep
 * the table small). Written last in a projection, after the conversation's lock, so two
 * projections never wait for each other's locks in opposite orders.
 */
async function countMessage(tx: Db, key: SlotKey): Promise<void> {
  await tx
    .insert(messageSlots)
    .values({
      orgId: key.orgId,
      slot: slotOf(key.at),
      direction: key.direction,
      sender: key.sender,
      userId: key.userId ?? '',
      count: 1,
    })
    .onConflictDoUpdate({
      target: [
        messageSlots.orgId,
        messageSlots.slot,
        messageSlots.direction,
        messageSlots.sender,
        messageSlots.userId,
      ],
      set: { count: sql`${messageSlots.count} + 1` },
    });
}

/** Messages in and out per slot; the customer's waiting start and the agent's first response per cycle. */
export const messageProjections: ProjectionTable = {
  [INBOX_EVENTS.messageReceived]: async (tx, event) => {
    const data = inboxEventSchemas[INBOX_EVENTS.messageReceived].parse(event.data);
    const sentAt = new Date(data.sentAt);
    const row = await lockConversation(tx, event.orgId, data.conversationId);
    const cycle = cycleAt(await cyclesOf(tx, row), sentAt);
    await updateCycle(tx, cycle, rules.customerMessage(row.botStarted, cycle, sentAt));
    await countMessage(tx, {
      orgId: event.orgId,
      at: sentAt,
      direction: 'inbound',
      sender: 'customer',
      userId: null,
    });
  },

  [INBOX_EVENTS.messageSent]: async (tx, event) => {
    const data = inboxEventSchemas[INBOX_EVENTS.messageSent].parse(event.data);
    const sentAt = new Date(data.sentAt);
    const agent = data.sender === 'agent';
    // Bot, campaign, system and template sends are never a response (docs/metrics.md).
    if (agent && data.type !== 'template') {
      const row = await lockConversation(tx, event.orgId, data.conversationId);
      const cycle = cycleAt(await cyclesOf(tx, row), sentAt);
      await updateCycle(tx, cycle, rules.agentMessage(cycle, sentAt, data.senderUserId));
    }
    await countMessage(tx, {
      orgId: event.orgId,
      at: sentAt,
      direction: 'outbound',
      sender: data.sender,
      userId: agent ? data.senderUserId : null,
    });
  },
};
