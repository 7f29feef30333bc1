import { z } from 'zod';

/** Every event on the bus: `type` is its routing key, e.g. `directory.user.deleted.v1`. */
export const eventEnvelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  orgId: z.number().int(),
  occurredAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});

export type EventEnvelope<T = Record<string, unknown>> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & {
  data: T;
};

/**
 * Names on the broker. Changing a value strands messages in the old queue or exchange:
 * it needs a migration plan (declare the new one, drain the old one, then remove it).
 */
export const EXCHANGES = {
  events: 'inbox.events',
  deadLetter: 'inbox.events.dlx',
} as const;

/** One queue per consuming service (and per purpose); each binds the routing keys it handles. */
export const QUEUES = {
  gatewayAuthCache: 'gateway.auth-cache',
  /** Per gateway replica (exclusive): conversation and message events for live streams. */
  gatewayLive: 'gateway.live',
  inboxWebhooks: 'inbox.provider-whatsapp',
  inboxDirectory: 'inbox.directory-events',
  inboxMedia: 'inbox.media-downloads',
  /** Account-level template webhooks (status, category, quality) for the templates service. */
  templatesWebhooks: 'templates.provider-whatsapp',
  /** Campaign sends' statuses (webhooks with the campaign marker) for the campaigns service. */
  campaignsWebhooks: 'campaigns.provider-whatsapp',
  /** Inbox events the campaigns service acts on: replies (REPLIED, survey answers). */
  campaignsInbox: 'campaigns.inbox-events',
  /** Template events the campaigns service acts on: a paused or disabled template pauses its campaigns. */
  campaignsTemplates: 'campaigns.template-events',
  /** The send queue: slices of campaigns to send, consumed by campaign workers (scaled on its depth). */
  campaignsSend: 'campaigns.send',
  /** Campaign events the inbox acts on: the campaign message shown when its recipient replies. */
  inboxCampaigns: 'inbox.campaign-events',
  /** The bot's work: customer messages of BOT_HANDLING conversations, bulk re-classify jobs. */
  inboxBot: 'inbox.bot',
  /** Every event the analytics read models are built from (inbox, directory, campaigns). */
  analyticsEvents: 'analytics.events',
} as const;
