import { z } from 'zod';
import { HttpProblem } from '../http/problem';
import { route } from './route';

export const healthRoutes = [
  route({
    method: 'get',
    path: '/health',
    access: 'public',
    unlimited: true,
    tag: 'Health',
    summary: 'The process is alive (liveness)',
    response: z.object({ status: z.literal('ok') }),
    handler: async () => ({ status: 'ok' }),
  }),
  route({
    method: 'get',
    path: '/ready',
    access: 'public',
    unlimited: true,
    tag: 'Health',
    summary:
      'Every service answers its gRPC health check and every dependency is up (readiness); 503 names what is not',
    response: z.object({ status: z.literal('ready'), checks: z.record(z.string(), z.string()) }),
    handler: async ({ ctx }) => {
      const results = await Promise.all(
        ctx.readiness.map(async (r) => ({
          name: r.name,
          ...(await r.check().catch((e: Error) => ({ ok: false, detail: e.message }))),
        })),
      );
      const failing = results.filter((r) => !r.ok);
      if (failing.length > 0)
        throw new HttpProblem({
          status: 503,
          code: 'NOT_READY',
          detail: `Not ready: ${failing.map((f) => f.name).join(', ')}`,
          errors: failing.map((f) => ({ path: f.name, message: f.detail })),
        });
      return { status: 'ready', checks: Object.fromEntries(results.map((r) => [r.name, r.detail])) };
    },
  }),
];
