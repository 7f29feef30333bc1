import { integer, numeric, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { timestamptz } from '@inbox/platform';
import { analytics } from './pg-schema';

const ts = timestamptz;

// Rollups: kept by the database's triggers from the rows above in the same statement (migration
// 0003_rollups), whoever writes the rows (applyEvent, a bulk load, a test's seed), so they always
// equal a count over the rows. A TRUNCATE of every table resets them with the rows.

/** Per 15-minute UTC slot: counts the reports' series and `open` add up. */
export const slotCounts = analytics.table(
  'slot_counts',
  {
    orgId: integer('org_id').notNull(),
    slot: ts('slot').notNull(),
    /** Conversations created in the slot, and those of them reopened since (at least once). */
    created: integer('created').notNull().default(0),
    reopened: integer('reopened').notNull().default(0),
    /** Cycles started, and cycles resolved, in the slot. */
    cyclesStarted: integer('cycles_started').notNull().default(0),
    cyclesResolved: integer('cycles_resolved').notNull().default(0),
    /** message_slots summed over sender and agent. */
    messagesIn: integer('messages_in').notNull().default(0),
    messagesOut: integer('messages_out').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.slot] })],
);

/**
 * Conversations created per UTC day by the current value of one field (category, origin, team,
 * status; the bot's cohort by category, handoff reason and outcome): the breakdowns of the
 * conversations and bot reports. A null value is its own row.
 */
export const conversationFacets = analytics.table(
  'conversation_facets',
  {
    orgId: integer('org_id').notNull(),
    day: ts('day').notNull(),
    field: text('field').notNull(),
    value: text('value'),
    count: integer('count').notNull().default(0),
  },
  (t) => [unique('conversation_facets_key').on(t.orgId, t.day, t.field, t.value).nullsNotDistinct()],
);

/** Bot turns per UTC day by kind and intent, and the answers followed by a handoff. */
export const botTurnDays = analytics.table(
  'bot_turn_days',
  {
    orgId: integer('org_id').notNull(),
    day: ts('day').notNull(),
    kind: text('kind').notNull(),
    intent: text('intent'),
    count: integer('count').notNull().default(0),
    followed: integer('followed').notNull().default(0),
  },
  (t) => [unique('bot_turn_days_key').on(t.orgId, t.day, t.kind, t.intent).nullsNotDistinct()],
);

/**
 * Per campaign and UTC day, its recipients reaching each stage then (sent, delivered, read,
 * replied: each by its own time), and the cost of those sent then.
 */
export const campaignDays = analytics.table(
  'campaign_days',
  {
    orgId: integer('org_id').notNull(),
    day: ts('day').notNull(),
    campaignId: text('campaign_id').notNull(),
    sent: integer('sent').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    read: integer('read').notNull().default(0),
    replied: integer('replied').notNull().default(0),
    cost: numeric('cost').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.day, t.campaignId] })],
);

/** Per agent and UTC day: assignments received and messages sent (sender agent). */
export const agentDays = analytics.table(
  'agent_days',
  {
    orgId: integer('org_id').notNull(),
    day: ts('day').notNull(),
    userId: text('user_id').notNull(),
    assigned: integer('assigned').notNull().default(0),
    messages: integer('messages').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.day, t.userId] })],
);

/**
 * Durations per UTC day and per UTC month (`grain`), by metric (first_response and resolution for
 * everyone, agent ''; agent_first_response by first responder, agent_handle by resolver) and
 * bucket (durationBucketSql; NO_DURATION_BUCKET: a cycle counted without a duration): how many,
 * and their sum in seconds (numeric: exact, whatever the order of the deltas).
 */
export const durationCounts = analytics.table(
  'duration_counts',
  {
    orgId: integer('org_id').notNull(),
    metric: text('metric').notNull(),
    agent: text('agent').notNull(),
    grain: text('grain').notNull(), // day | month
    period: ts('period').notNull(),
    bucket: integer('bucket').notNull(),
    count: integer('count').notNull().default(0),
    seconds: numeric('seconds').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.metric, t.grain, t.period, t.agent, t.bucket] })],
);
