import express, { type NextFunction, type Request, type Response } from 'express';
import { requireToken } from './graph-auth';
import { invalidParameter } from './graph-errors';
import type { SimContext } from './context';

/**
 * What the simulator charges a delivered template, USD (its own small table, not Meta's card: every
 * market alike). Every template send it accepted counts as delivered inside any period asked.
 */
export const SIM_TEMPLATE_RATES: Record<string, number> = {
  MARKETING: 0.025,
  UTILITY: 0.004,
  AUTHENTICATION: 0.0135,
};
const IDS_PER_CALL = 10;

const unixOf = (value: unknown): number | undefined =>
  typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : undefined;

/** Sends per template of one WABA, with its category (names it does not hold: the default category). */
function templateSends(ctx: SimContext, wabaId: string) {
  const sends = ctx.state.counts.sendsPerTemplate();
  return ctx.state.templates.ofWaba(wabaId).map((t) => {
    const count = sends.get(t.name) ?? 0;
    return { id: t.id, name: t.name, category: t.category, sends: count };
  });
}

/** `GET /{waba-id}/template_analytics` and `GET /{waba-id}?fields=pricing_analytics…` (§8.4). */
export function analyticsRouter(ctx: SimContext): express.Router {
  const router = express.Router();
  const auth = requireToken(ctx);

  router.get('/:version/:wabaId/template_analytics', auth, (req: Request, res: Response) => {
    const start = unixOf(req.query.start);
    const end = unixOf(req.query.end);
    if (start === undefined || end === undefined || end < start)
      throw invalidParameter('start and end must be Unix times, end after start');
    let ids: unknown;
    try {
      ids = JSON.parse(String(req.query.template_ids ?? ''));
    } catch {
      ids = undefined;
    }
    if (!Array.isArray(ids) || ids.length === 0) throw invalidParameter('template_ids is required');
    if (ids.length > IDS_PER_CALL) throw invalidParameter(`template_ids takes at most ${IDS_PER_CALL} ids`);
    const wanted = new Set(ids.map(String));
    const points = templateSends(ctx, String(req.params.wabaId))
      .filter((t) => wanted.has(t.id))
      .map((t) => {
        const spent = t.sends * (SIM_TEMPLATE_RATES[t.category] ?? 0);
        return {
          template_id: t.id,
          start,
          end,
          sent: t.sends,
          delivered: t.sends,
          cost: [
            { type: 'amount_spent', value: Number(spent.toFixed(6)) },
            ...(t.sends > 0
              ? [{ type: 'cost_per_delivered', value: SIM_TEMPLATE_RATES[t.category] ?? 0 }]
              : []),
          ],
        };
      });
    res.json({
      data: [{ granularity: 'DAILY', product_type: 'cloud_api', data_points: points }],
      paging: {},
    });
  });

  router.get('/:version/:wabaId', auth, (req: Request, res: Response, next: NextFunction) => {
    const fields = String(req.query.fields ?? '');
    if (!fields.startsWith('pricing_analytics')) return next();
    const range = /start\((\d+)\)\.end\((\d+)\)/.exec(fields);
    if (!range || !/granularity\((HALF_HOUR|DAILY|MONTHLY)\)/.test(fields))
      throw invalidParameter('pricing_analytics needs start(), end() and granularity()');
    const [start, end] = [Number(range[1]), Number(range[2])];
    const wabaId = String(req.params.wabaId);
    const points = templateSends(ctx, wabaId)
      .filter((t) => t.sends > 0)
      .map((t) => ({
        start,
        end,
        pricing_type: 'REGULAR',
        pricing_category: t.category,
        volume: t.sends,
        cost: Number((t.sends * (SIM_TEMPLATE_RATES[t.category] ?? 0)).toFixed(6)),
      }));
    res.json({ pricing_analytics: { data: [{ data_points: points }] }, id: wabaId });
  });

  return router;
}
