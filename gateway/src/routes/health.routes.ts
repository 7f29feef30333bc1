import { z } from 'zod';
import type { GatewayContext } from '../context';
import { HttpProblem } from '../http/problem';
import { route } from './route';

const CHECK_TIMEOUT_MS = 2_000;

/** Every dependency's state; a check that throws or hangs is reported down, never a 500. */
async function checkAll(ctx: GatewayContext) {
  return Promise.all(
    ctx.readiness.map(async (r) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<{ ok: boolean; detail: string }>((resolve) => {
        timer = setTimeout(resolve, CHECK_TIMEOUT_MS, { ok: false, detail: 'no answer in time' });
      });
      const result = await Promise.race([
        r.check().catch((e: Error) => ({ ok: false, detail: e.message })),
        timeout,
      ]).finally(() => clearTimeout(timer));
      return { name: r.name, essential: r.essential, ...result };
    }),
  );
}

export const healthRoutes = [
  route({
    method: 'get',
    path: '/health',
    access: 'public',
    unlimited: true,
    tag: 'Health',
    summary: 'The process is alive and serving (what Kubernetes probes, for liveness and readiness)',
    response: z.object({ status: z.literal('ok') }),
    handler: async () => ({ status: 'ok' }),
  }),
  route({
    method: 'get',
    path: '/ready',
    access: 'public',
    unlimited: true,
    answers: [503],
    tag: 'Health',
    summary:
      'Each dependency: the services and their databases (503 when one is down), the broker and the cache ' +
      '("degraded" when one is down: webhooks or live events may answer 503, limits count in memory)',
    response: z.object({
      status: z.enum(['ready', 'degraded']),
      checks: z.record(z.string(), z.object({ up: z.boolean(), detail: z.string() })),
    }),
    handler: async ({ ctx }) => {
      const results = await checkAll(ctx);
      const failing = results.filter((r) => !r.ok);
      if (failing.some((f) => f.essential))
        throw new HttpProblem({
          status: 503,
          code: 'NOT_READY',
          detail: `Not ready: ${failing.map((f) => f.name).join(', ')} down`,
          errors: failing.map((f) => ({ path: f.name, message: f.detail })),
        });
      return {
        status: failing.length > 0 ? 'degraded' : 'ready',
        checks: Object.fromEntries(results.map((r) => [r.name, { up: r.ok, detail: r.detail }])),
      };
    },
  }),
];
