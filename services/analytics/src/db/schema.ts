import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, primaryKey, text } from 'drizzle-orm/pg-core';
import { outboxTables, timestamptz } from '@inbox/platform';
import { analytics } from './pg-schema';

/**
 * The analytics read models: fed only by events (never another service's tables), each
 * projection idempotent (processed_events) and ordered where order matters (a row keeps the time
 * of the event that last changed it; an older event changes nothing). Definitions of every
 * figure: docs/metrics.md.
 */
export { analytics };

const ts = timestamptz;

/**
 * Counts per 15-minute UTC slot: every time zone's offset is a multiple of 15 minutes, so local
 * hours and days (DST days of 23 or 25 hours, +05:45, +12:45 …) are exact sums of slots.
 */
export const SLOT_MINUTES = 15;

/**
 * Durations are counted per bucket of a geometric scale (each bucket DURATION_RATIO times as wide
 * as the one before, mirrored for negative durations): a percentile's bucket is found from the
 * counts, then its exact value among that bucket's rows (db/reports/durations.ts).
 */
export const DURATION_RATIO = 1.2;

/** The bucket of `later − earlier` in seconds (null when either is null): monotonic in the duration. */
export function durationBucketSql(later: string, earlier: string): string {
  const d = `date_part('epoch', ${later} - (${earlier}))`;
  const ln = `ln(${DURATION_RATIO})`;
  return (
    `case when ${d} >= 0 then floor(ln(1 + ${d}) / ${ln})::int` +
    ` when ${d} < 0 then -1 - floor(ln(1 - ${d}) / ${ln})::int end`
  );
}

/** The bucket of durations not measured (a handled cycle without a duration): counted, not measured. */
export const NO_DURATION_BUCKET = -32768;

/** One row per conversation: its latest state and the facts the reports need. */
export const conversations = analytics.table(
  'conversations',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    createdAt: ts('created_at').notNull(),
    origin: text('origin').notNull(),
    /** BOT_HANDLING at creation: the bot handled it. */
    botStarted: boolean('bot_started').notNull(),
    status: text('status').notNull(),
    category: text('category'),
    teamId: text('team_id'),
    assignedTo: text('assigned_to'),
    /** The first handoff (bot → people) and its reason. */
    handedOffAt: ts('handed_off_at'),
    handoffReason: text('handoff_reason'),
    /** Closed by the bot without people (bot.contained, or BOT_HANDLING → CLOSED). */
    contained: boolean('contained').notNull().default(false),
    /** The latest close (null while open). */
    closedAt: ts('closed_at'),
    reopenCount: integer('reopen_count').notNull().default(0),
    /** The time of the latest event applied to this row (older ones change nothing). */
    lastEventAt: ts('last_event_at').notNull(),
  },
  (t) => [
    index('conversations_org_created').on(t.orgId, t.createdAt),
    index('conversations_org_closed').on(t.orgId, t.closedAt),
  ],
);

/**
 * A conversation's cycles: seq 0 from creation, one more per reopen. First response and
 * resolution are measured per cycle, so a reopened conversation counts once per resolution.
 */
export const conversationCycles = analytics.table(
  'conversation_cycles',
  {
    conversationId: text('conversation_id').notNull(),
    seq: integer('seq').notNull(),
    orgId: integer('org_id').notNull(),
    startedAt: ts('started_at').notNull(),
    /** When people became responsible: the handoff for a bot conversation, else the start. */
    peopleSince: ts('people_since'),
    /** The customer's first message since peopleSince: the first-response clock starts here. */
    waitingSince: ts('waiting_since'),
    /** The first message of a human agent (sender agent) after waitingSince. */
    firstResponseAt: ts('first_response_at'),
    firstResponderId: text('first_responder_id'),
    resolvedAt: ts('resolved_at'),
    /** The agent assigned when it was resolved (null: unassigned, or the bot contained it). */
    resolvedBy: text('resolved_by'),
    /**
     * Cycle 0 of a conversation the bot closed without people (its conversation's `contained`):
     * such a cycle has no resolution time. Only cycle 0 can be one (later cycles start with people).
     */
    contained: boolean('contained').notNull().default(false),
    // The durations the reports measure, kept by the database with the row (docs/metrics.md
    // section 2): what every report reads, so each figure is computed in one place.
    /** firstResponseAt − waitingSince (null: not measured). */
    firstResponseSeconds: doublePrecision('first_response_seconds').generatedAlwaysAs(
      sql.raw(`date_part('epoch', first_response_at - waiting_since)`),
    ),
    /** resolvedAt − peopleSince (− startedAt when people never came); null when contained or open. */
    resolutionSeconds: doublePrecision('resolution_seconds').generatedAlwaysAs(
      sql.raw(
        `case when people_since is not null then date_part('epoch', resolved_at - people_since)` +
          ` when not contained then date_part('epoch', resolved_at - started_at) end`,
      ),
    ),
    /** resolvedAt − firstResponseAt: the agents report's handle time. */
    handleSeconds: doublePrecision('handle_seconds').generatedAlwaysAs(
      sql.raw(`date_part('epoch', resolved_at - first_response_at)`),
    ),
    firstResponseBucket: integer('first_response_bucket').generatedAlwaysAs(
      sql.raw(durationBucketSql('first_response_at', 'waiting_since')),
    ),
    resolutionBucket: integer('resolution_bucket').generatedAlwaysAs(
      sql.raw(
        durationBucketSql(
          'resolved_at',
          'case when people_since is not null then people_since when not contained then started_at end',
        ),
      ),
    ),
    handleBucket: integer('handle_bucket').generatedAlwaysAs(
      sql.raw(durationBucketSql('resolved_at', 'first_response_at')),
    ),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.seq] }),
    // Extra key columns instead of INCLUDE (drizzle has none): the reports' scans are index-only.
    index('cycles_org_first_response').on(
      t.orgId,
      t.firstResponseAt,
      t.firstResponseBucket,
      t.firstResponseSeconds,
      t.firstResponderId,
    ),
    index('cycles_org_resolved').on(
      t.orgId,
      t.resolvedAt,
      t.resolutionBucket,
      t.resolutionSeconds,
      t.handleBucket,
      t.handleSeconds,
      t.resolvedBy,
    ),
    index('cycles_org_started').on(t.orgId, t.startedAt),
    // Closes filed before their cycle's start (a bot close stamped before the creation): the few
    // that `open` corrects for (db/reports/counts.ts).
    index('cycles_org_resolved_early')
      .on(t.orgId, t.resolvedAt, t.startedAt)
      .where(sql`resolved_at < started_at`),
    // A percentile's exact values: the range's rows of one duration bucket, in order of time.
    index('cycles_first_response_bucket').on(
      t.orgId,
      t.firstResponseBucket,
      t.firstResponseAt,
      t.firstResponseSeconds,
    ),
    index('cycles_resolution_bucket').on(t.orgId, t.resolutionBucket, t.resolvedAt, t.resolutionSeconds),
    index('cycles_responder_bucket').on(
      t.orgId,
      t.firstResponderId,
      t.firstResponseBucket,
      t.firstResponseAt,
      t.firstResponseSeconds,
    ),
    index('cycles_resolver_handle_bucket').on(
      t.orgId,
      t.resolvedBy,
      t.handleBucket,
      t.resolvedAt,
      t.handleSeconds,
    ),
  ],
);

/** Messages per 15-minute slot, by direction and sender (and the agent for agent messages). */
export const messageSlots = analytics.table(
  'message_slots',
  {
    orgId: integer('org_id').notNull(),
    slot: ts('slot').notNull(),
    direction: text('direction').notNull(), // inbound | outbound
    sender: text('sender').notNull(), // customer | agent | bot | system | campaign
    /** The agent for sender agent; '' otherwise (part of the key). */
    userId: text('user_id').notNull().default(''),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.slot, t.direction, t.sender, t.userId] })],
);

/** Assignments, for an agent's "assigned" count (each time a conversation was given to them). */
export const assignments = analytics.table(
  'assignments',
  {
    eventId: text('event_id').primaryKey(),
    orgId: integer('org_id').notNull(),
    conversationId: text('conversation_id').notNull(),
    userId: text('user_id').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('assignments_org_at').on(t.orgId, t.at)],
);

/** The bot's answers and fallbacks, one row per event (intent counts, failing intents). */
export const botTurns = analytics.table(
  'bot_turns',
  {
    eventId: text('event_id').primaryKey(),
    orgId: integer('org_id').notNull(),
    conversationId: text('conversation_id').notNull(),
    kind: text('kind').notNull(), // greeting | answer | fallback
    intent: text('intent'),
    confidence: doublePrecision('confidence'),
    at: ts('at').notNull(),
    /**
     * An answer whose conversation's first handoff is at or after it (set by whichever of the two
     * is applied last); false for other kinds.
     */
    followedByHandoff: boolean('followed_by_handoff').notNull().default(false),
  },
  (t) => [
    index('bot_turns_org_at').on(t.orgId, t.at, t.kind, t.intent, t.followedByHandoff),
    index('bot_turns_conversation').on(t.conversationId),
  ],
);

/** Users as the directory announces them (names for the agents report) and their status changes. */
export const users = analytics.table(
  'users',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    name: text('name'),
    role: text('role'),
    status: text('status'),
    statusSince: ts('status_since'),
    deleted: boolean('deleted').notNull().default(false),
  },
  (t) => [index('users_org').on(t.orgId)],
);

export const userStatusChanges = analytics.table(
  'user_status_changes',
  {
    eventId: text('event_id').primaryKey(),
    orgId: integer('org_id').notNull(),
    userId: text('user_id').notNull(),
    from: text('from_status').notNull(),
    to: text('to_status').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('user_status_changes_org_user_at').on(t.orgId, t.userId, t.at)],
);

export const campaigns = analytics.table(
  'campaigns',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull(),
    status: text('status').notNull(),
    recipients: integer('recipients').notNull(),
    estimatedCost: doublePrecision('estimated_cost').notNull(),
    currency: text('currency'),
  },
  (t) => [index('campaigns_org_created').on(t.orgId, t.createdAt)],
);

/** A campaign recipient's furthest status and when it reached each stage (statuses only move forward). */
export const campaignRecipients = analytics.table(
  'campaign_recipients',
  {
    recipientId: text('recipient_id').primaryKey(),
    orgId: integer('org_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    status: text('status').notNull(),
    sentAt: ts('sent_at'),
    deliveredAt: ts('delivered_at'),
    readAt: ts('read_at'),
    repliedAt: ts('replied_at'),
    failedAt: ts('failed_at'),
    errorCode: text('error_code'),
    cost: doublePrecision('cost'),
  },
  (t) => [
    index('campaign_recipients_campaign').on(t.campaignId),
    index('campaign_recipients_org_sent')
      .on(t.orgId, t.sentAt)
      .where(sql`sent_at is not null`),
    // The overview's partial days at a range's ends (campaign_days has the whole ones).
    index('campaign_recipients_org_delivered')
      .on(t.orgId, t.deliveredAt)
      .where(sql`delivered_at is not null`),
    index('campaign_recipients_org_read')
      .on(t.orgId, t.readAt)
      .where(sql`read_at is not null`),
    index('campaign_recipients_org_replied')
      .on(t.orgId, t.repliedAt)
      .where(sql`replied_at is not null`),
  ],
);

/**
 * The latest rebuild of the read models (src/rebuild): history before `cutoff` came from the
 * services' ExportHistory; the live consumer skips events that occurred before it (the export
 * told them already) and applies the rest. One row (id 1); none: never rebuilt.
 */
export const rebuildState = analytics.table('rebuild_state', {
  id: integer('id').primaryKey().default(1),
  cutoff: ts('cutoff').notNull(),
  startedAt: ts('started_at').notNull(),
  /** Null while the rebuild runs (or if it stopped before the end: run it again). */
  finishedAt: ts('finished_at'),
  events: integer('events').notNull().default(0),
});

// The rollups kept by triggers from the tables above: rollups.ts.
export * from './rollups';

export const { outbox, processedEvents } = outboxTables(analytics);
