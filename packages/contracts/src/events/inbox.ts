import { z } from 'zod';
import { CATEGORY_SOURCES, HANDOFF_REASONS, JOB_STATUSES } from '../bot';

/** Events published by the inbox service. Changing a value needs a migration plan. */
export const INBOX_EVENTS = {
  conversationCreated: 'inbox.conversation.created.v1',
  conversationUpdated: 'inbox.conversation.updated.v1',
  conversationStatusChanged: 'inbox.conversation.status_changed.v1',
  conversationAssigned: 'inbox.conversation.assigned.v1',
  conversationUnassigned: 'inbox.conversation.unassigned.v1',
  conversationCategorized: 'inbox.conversation.categorized.v1',
  conversationHandoff: 'inbox.conversation.handoff.v1',
  conversationReturnedToBot: 'inbox.conversation.returned_to_bot.v1',
  conversationResolved: 'inbox.conversation.resolved.v1',
  messageReceived: 'inbox.message.received.v1',
  messageSent: 'inbox.message.sent.v1',
  messageStatusChanged: 'inbox.message.status_changed.v1',
  messageUpdated: 'inbox.message.updated.v1',
  contactUpdated: 'inbox.contact.updated.v1',
  /** The bot answered a customer message (a greeting, an intent's answer). */
  botReplied: 'inbox.bot.replied.v1',
  /** The bot did not understand a customer message and sent its fallback message. */
  botFallback: 'inbox.bot.fallback.v1',
  /** The bot closed a conversation it handled alone (silent for `inactivityCloseHours`). */
  botContained: 'inbox.bot.contained.v1',
  /** A long job's progress or result (bulk re-classify), for `GET /jobs/{id}` readers and live streams. */
  jobUpdated: 'inbox.job.updated.v1',
  /** Internal work item: run (or resume) a bulk re-classify job. */
  reclassifyJobRequested: 'inbox.bot.reclassify_requested.v1',
  /** Internal work item: download an inbound message's media (retried with backoff by the bus). */
  mediaDownloadRequested: 'inbox.media.download_requested.v1',
} as const;

const actorId = z.string().nullable();
const conversationRef = { conversationId: z.string(), waId: z.string() };

export const inboxEventSchemas = {
  [INBOX_EVENTS.conversationCreated]: z.object({
    ...conversationRef,
    status: z.string(),
    origin: z.string(),
    actorId,
  }),
  /** Anything else a live view must refresh: tags, follow-up, unread, contact name, category. */
  [INBOX_EVENTS.conversationUpdated]: z.object({
    ...conversationRef,
    changes: z.array(z.string()),
    /** The conversation's team when `changes` has `teamId` (analytics counts by team). */
    teamId: z.string().nullable().optional(),
    actorId,
  }),
  [INBOX_EVENTS.conversationStatusChanged]: z.object({
    ...conversationRef,
    from: z.string(),
    to: z.string(),
    by: z.enum(['agent', 'customer', 'bot', 'system']),
    reason: z.string(),
    actorId,
  }),
  [INBOX_EVENTS.conversationAssigned]: z.object({
    ...conversationRef,
    userId: z.string(),
    previousUserId: z.string().nullable(),
    actorId,
  }),
  [INBOX_EVENTS.conversationUnassigned]: z.object({
    ...conversationRef,
    previousUserId: z.string().nullable(),
    actorId,
  }),
  [INBOX_EVENTS.conversationCategorized]: z.object({
    ...conversationRef,
    category: z.string().nullable(),
    previous: z.string().nullable(),
    source: z.enum(CATEGORY_SOURCES),
    /** The classifier's confidence (0..1) when the source is `ai`. */
    confidence: z.number().nullable().optional(),
    actorId,
  }),
  /** Bot → people: by the bot (with its reason and the routing's team) or by an agent's takeover or assignment. */
  [INBOX_EVENTS.conversationHandoff]: z.object({
    ...conversationRef,
    userId: z.string().nullable(),
    reason: z.enum(HANDOFF_REASONS).optional(),
    teamId: z.string().nullable().optional(),
    /** The routing rule that chose the team (null: the fallback team or none). */
    rule: z.string().nullable().optional(),
    actorId,
  }),
  [INBOX_EVENTS.conversationReturnedToBot]: z.object({
    ...conversationRef,
    handoffSummary: z.string().nullable(),
    actorId,
  }),
  [INBOX_EVENTS.conversationResolved]: z.object({ ...conversationRef, resolvedAt: z.string(), actorId }),
  [INBOX_EVENTS.messageReceived]: z.object({
    ...conversationRef,
    messageId: z.string(),
    providerMessageId: z.string(),
    type: z.string(),
    text: z.string().nullable(),
    contextProviderMessageId: z.string().nullable(),
    /** A button or list answer: the button's payload or the row's id (`text` holds its title). */
    replyId: z.string().nullable().optional(),
    receivedAt: z.string(),
    sentAt: z.string(),
  }),
  [INBOX_EVENTS.messageSent]: z.object({
    ...conversationRef,
    messageId: z.string(),
    providerMessageId: z.string().nullable(),
    type: z.string(),
    sender: z.string(),
    senderUserId: z.string().nullable(),
    sentAt: z.string(),
  }),
  [INBOX_EVENTS.messageStatusChanged]: z.object({
    ...conversationRef,
    messageId: z.string(),
    providerMessageId: z.string(),
    from: z.string(),
    to: z.string(),
    at: z.string(),
    errorCode: z.number().nullable(),
    pricing: z
      .object({
        category: z.string().optional(),
        type: z.string().optional(),
        billable: z.boolean().optional(),
      })
      .nullable(),
  }),
  /** Hidden/unhidden, reaction changed, media became ready or failed. */
  [INBOX_EVENTS.messageUpdated]: z.object({
    ...conversationRef,
    messageId: z.string(),
    changes: z.array(z.string()),
    actorId,
  }),
  [INBOX_EVENTS.contactUpdated]: z.object({ waId: z.string(), changes: z.array(z.string()), actorId }),
  [INBOX_EVENTS.botReplied]: z.object({
    ...conversationRef,
    /** The customer message answered, and the bot's message(s). */
    inReplyTo: z.string(),
    messageIds: z.array(z.string()),
    kind: z.enum(['greeting', 'answer']),
    intent: z.string().nullable(),
    confidence: z.number().nullable(),
    language: z.string(),
  }),
  [INBOX_EVENTS.botFallback]: z.object({
    ...conversationRef,
    inReplyTo: z.string(),
    /** Misunderstandings in a row, this one included. */
    consecutive: z.number().int(),
    /** The best intent's confidence, below the threshold. */
    confidence: z.number().nullable(),
    language: z.string(),
  }),
  [INBOX_EVENTS.botContained]: z.object({
    ...conversationRef,
    reason: z.literal('inactivity'),
    closedAt: z.string(),
  }),
  [INBOX_EVENTS.jobUpdated]: z.object({
    jobId: z.string(),
    kind: z.literal('reclassify'),
    status: z.enum(JOB_STATUSES),
    progress: z.object({ done: z.number().int(), total: z.number().int() }),
    result: z
      .object({ matched: z.number(), reclassified: z.number(), rerouted: z.number(), failed: z.number() })
      .nullable(),
  }),
  [INBOX_EVENTS.reclassifyJobRequested]: z.object({ jobId: z.string() }),
  [INBOX_EVENTS.mediaDownloadRequested]: z.object({ messageId: z.string(), providerMediaId: z.string() }),
} as const;

export type InboxEventType = (typeof INBOX_EVENTS)[keyof typeof INBOX_EVENTS];
export type InboxEventData<T extends InboxEventType> = z.infer<(typeof inboxEventSchemas)[T]>;
