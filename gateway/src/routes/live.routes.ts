import { z } from 'zod';
import { DomainError } from '@inbox/platform';
import { route } from './route';

export const liveRoutes = [
  route({
    method: 'get',
    path: '/events',
    access: 'user',
    tag: 'Live updates',
    summary:
      'Server-Sent Events: the organization’s conversation, message, contact and job events as they happen. Reconnect with Last-Event-ID to receive what was missed (kept 5 minutes). At most 5 streams at once per user or API key: 429 beyond.',
    query: z.strictObject({ lastEventId: z.string().max(100).optional() }),
    handler: async ({ principal, ctx, req, res, query }) => {
      // The events arrive through the broker: without it a stream would stay silent, not fail.
      if (!ctx.bus.healthy())
        throw new DomainError(
          'unavailable',
          'BROKER_UNAVAILABLE',
          'Live updates are unavailable; retry shortly',
        );
      // Browsers' EventSource sends Last-Event-ID as a header; other clients may use the query.
      const who = `${principal!.kind}:${principal!.id}`;
      ctx.live.attach(principal!.orgId, who, res, req.get('last-event-id') ?? query.lastEventId);
    },
  }),
];
