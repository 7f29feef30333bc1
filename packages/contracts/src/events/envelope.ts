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
} as const;
