import type { Db } from '@inbox/platform';
import { campaignRecipients, campaigns, conversationCycles, conversations, messageSlots } from '../db/schema';

/**
 * Read-model rows written straight into the tables for the reports' integration tests (the
 * projections have their own tests). Not exported by the package.
 */

let next = 0;
const newKey = (prefix: string) => `${prefix}-${++next}`;

export interface ConversationSeed {
  createdAt: Date;
  origin?: string;
  botStarted?: boolean;
  status?: string;
  category?: string | null;
  teamId?: string | null;
  handedOffAt?: Date | null;
  handoffReason?: string | null;
  contained?: boolean;
  reopenCount?: number;
  /** Cycles after the first: each from a reopen. Cycle 0 starts at creation. */
  cycles?: CycleSeed[];
  /** Cycle 0's figures. */
  peopleSince?: Date | null;
  waitingSince?: Date | null;
  firstResponseAt?: Date | null;
  firstResponderId?: string | null;
  resolvedAt?: Date | null;
  resolvedBy?: string | null;
}

export interface CycleSeed {
  startedAt: Date;
  peopleSince?: Date | null;
  waitingSince?: Date | null;
  firstResponseAt?: Date | null;
  firstResponderId?: string | null;
  resolvedAt?: Date | null;
  resolvedBy?: string | null;
}

/** A conversation and its cycles (cycle 0 from creation; people from creation unless the bot started it). */
export async function seedConversation(db: Db, orgId: number, seed: ConversationSeed): Promise<string> {
  const id = newKey('conv');
  const bot = seed.botStarted ?? false;
  const first: CycleSeed = {
    startedAt: seed.createdAt,
    peopleSince:
      seed.peopleSince !== undefined ? seed.peopleSince : bot ? (seed.handedOffAt ?? null) : seed.createdAt,
    waitingSince: seed.waitingSince,
    firstResponseAt: seed.firstResponseAt,
    firstResponderId: seed.firstResponderId,
    resolvedAt: seed.resolvedAt,
    resolvedBy: seed.resolvedBy,
  };
  const cycles = [first, ...(seed.cycles ?? [])];
  const last = cycles[cycles.length - 1];
  await db.insert(conversations).values({
    id,
    orgId,
    createdAt: seed.createdAt,
    origin: seed.origin ?? 'customer',
    botStarted: bot,
    status: seed.status ?? (last.resolvedAt ? 'CLOSED' : 'OPEN'),
    category: seed.category ?? null,
    teamId: seed.teamId ?? null,
    handedOffAt: seed.handedOffAt ?? null,
    handoffReason: seed.handoffReason ?? null,
    contained: seed.contained ?? false,
    closedAt: last.resolvedAt ?? null,
    reopenCount: seed.reopenCount ?? cycles.length - 1,
    lastEventAt: last.resolvedAt ?? last.startedAt,
  });
  await db.insert(conversationCycles).values(
    cycles.map((c, seq) => ({
      conversationId: id,
      seq,
      orgId,
      startedAt: c.startedAt,
      peopleSince: c.peopleSince ?? null,
      waitingSince: c.waitingSince ?? null,
      firstResponseAt: c.firstResponseAt ?? null,
      firstResponderId: c.firstResponderId ?? null,
      resolvedAt: c.resolvedAt ?? null,
      resolvedBy: c.resolvedBy ?? null,
      // As the projections keep it: the flag of a contained conversation's cycle 0.
      contained: seq === 0 && (seed.contained ?? false),
    })),
  );
  return id;
}

/** Messages counted in the 15-minute slot holding `at`. */
export async function seedMessages(
  db: Db,
  orgId: number,
  at: Date,
  count: number,
  direction: 'inbound' | 'outbound',
  sender = direction === 'inbound' ? 'customer' : 'agent',
  userId = '',
): Promise<void> {
  const slot = new Date(Math.floor(at.getTime() / 900_000) * 900_000);
  await db.insert(messageSlots).values({ orgId, slot, direction, sender, userId, count });
}

export interface RecipientSeed {
  sentAt?: Date | null;
  deliveredAt?: Date | null;
  readAt?: Date | null;
  repliedAt?: Date | null;
  cost?: number | null;
}

/** A campaign and its recipients. */
export async function seedCampaign(
  db: Db,
  orgId: number,
  createdAt: Date,
  currency: string | null,
  recipients: RecipientSeed[],
): Promise<string> {
  const id = newKey('camp');
  await db.insert(campaigns).values({
    id,
    orgId,
    name: id,
    createdAt,
    status: 'COMPLETED',
    recipients: recipients.length,
    estimatedCost: 0,
    currency,
  });
  await db.insert(campaignRecipients).values(
    recipients.map((r) => ({
      recipientId: newKey('rcpt'),
      orgId,
      campaignId: id,
      status: r.repliedAt
        ? 'REPLIED'
        : r.readAt
          ? 'READ'
          : r.deliveredAt
            ? 'DELIVERED'
            : r.sentAt
              ? 'SENT'
              : 'PENDING',
      sentAt: r.sentAt ?? null,
      deliveredAt: r.deliveredAt ?? null,
      readAt: r.readAt ?? null,
      repliedAt: r.repliedAt ?? null,
      cost: r.cost ?? null,
    })),
  );
  return id;
}
