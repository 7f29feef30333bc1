import { z } from 'zod';
import { route } from './route';

export const liveRoutes = [
  route({
    method: 'get',
    path: '/events',
    access: 'user',
    tag: 'Live updates',
    summary:
      'Server-Sent Events: the organization’s conversation, message and contact events as they happen. Reconnect with Last-Event-ID to receive what was missed (kept 5 minutes).',
    query: z.strictObject({ lastEventId: z.string().max(100).optional() }),
    handler: async ({ principal, ctx, req, res, query }) => {
      // Browsers' EventSource sends Last-Event-ID as a header; other clients may use the query.
      ctx.live.attach(principal!.orgId, res, req.get('last-event-id') ?? query.lastEventId);
    },
  }),
];
