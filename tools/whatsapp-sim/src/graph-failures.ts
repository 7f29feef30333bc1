import express, { type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { parseBody } from './control-validation';
import { platformError } from './graph-errors';
import type { SimContext } from './context';

/**
 * A chosen failure of any Graph request whose path contains `path` (a phone number id, a WABA id,
 * `template_analytics`…): the account-level calls — phone number fields, analytics, template
 * lists — fail as WhatsApp fails them (an expired token 190, an outage 5xx), which per-recipient
 * send failures (`/_sim/failures`) cannot play.
 */
export interface GraphFailureRule {
  id: string;
  path: string;
  code: number;
  title?: string;
  /** Default: the code's own (190 → 401, 131016 → 503…), else 400. */
  httpStatus?: number;
  /** Requests left to fail; null = every one. */
  remaining: number | null;
  hits: number;
}

const ruleSchema = z.object({
  path: z.string().min(1),
  code: z.number().int().nonnegative(),
  title: z.string().min(1).optional(),
  httpStatus: z.number().int().min(400).max(599).optional(),
  times: z.number().int().positive().optional(),
});

/** The rules in force, first added first matched; forgotten on reset. */
export class GraphFailures {
  readonly rules: GraphFailureRule[] = [];
  private nextId = 1;

  add(rule: Omit<GraphFailureRule, 'id' | 'hits'>): GraphFailureRule {
    const stored = { ...rule, id: String(this.nextId++), hits: 0 };
    this.rules.push(stored);
    return stored;
  }

  /** The first rule matching this path, consumed by one use; exhausted rules are dropped. */
  take(path: string): GraphFailureRule | undefined {
    const index = this.rules.findIndex((r) => path.includes(r.path));
    if (index < 0) return undefined;
    const rule = this.rules[index];
    rule.hits += 1;
    if (rule.remaining !== null && --rule.remaining <= 0) this.rules.splice(index, 1);
    return { ...rule };
  }

  clear(): number {
    return this.rules.splice(0, this.rules.length).length;
  }
}

/** Control API: `GET`/`POST`/`DELETE /_sim/graph-failures`. */
export function graphFailuresControl(ctx: SimContext): express.Router {
  const router = express.Router();
  router.get('/graph-failures', (_req, res) => {
    res.json({ data: ctx.state.graphFailures.rules });
  });
  router.post('/graph-failures', (req: Request, res: Response) => {
    const { times, ...rule } = parseBody(ruleSchema, req.body);
    res.status(201).json(ctx.state.graphFailures.add({ ...rule, remaining: times ?? null }));
  });
  router.delete('/graph-failures', (_req, res) => {
    res.json({ removed: ctx.state.graphFailures.clear() });
  });
  return router;
}

/** Before every Graph route (and its token check): answers a matching request with the chosen error. */
export function chosenGraphFailures(ctx: SimContext) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const rule = req.path.startsWith('/_sim') ? undefined : ctx.state.graphFailures.take(req.path);
    if (!rule) return next();
    req.resume();
    next(platformError(rule.code, rule.title, rule.httpStatus));
  };
}
