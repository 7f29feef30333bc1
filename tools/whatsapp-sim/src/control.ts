import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import fs from 'node:fs';
import { MESSAGING_LIMIT_TIERS, PHONE_STATUSES, QUALITY_RATINGS, THROUGHPUT_LEVELS } from './config';
import { controlMessagesRouter } from './control-messages';
import { controlTemplatesRouter } from './control-templates';
import { graphFailuresControl } from './graph-failures';
import { deleteMedia } from './media-store';
import { controlErrorHandler, deliveryView, parseBody } from './control-validation';
import { SERVICE_WINDOW_MS, digitsOf, isWindowOpen, type Customer, type SentMessage } from './state';
import type { SimContext } from './context';

const failureSchema = z.object({
  to: z.string().min(1),
  code: z.number().int().nonnegative(),
  title: z.string().min(1).optional(),
  mode: z.enum(['sync', 'async', 'drop', 'hang']),
  times: z.number().int().positive().optional(),
  httpStatus: z.number().int().min(400).max(599).optional(),
});
const windowSchema = z.object({ lastInboundAt: z.iso.datetime({ offset: true }).nullable() });
const waIdSchema = z.object({ waId: z.string().regex(/^\d{6,15}$/) });
const templateSchema = z.object({
  name: z.string().min(1),
  category: z
    .string()
    .transform((c) => c.toLowerCase())
    .pipe(z.enum(['marketing', 'utility', 'authentication'])),
});
const configSchema = z.object({
  webhookUrl: z.url().optional(),
  autoStatuses: z.boolean().optional(),
  statusDelayMs: z.number().int().nonnegative().optional(),
  templateReviewDelayMs: z.number().int().nonnegative().optional(),
  templateAutoApprove: z.boolean().optional(),
  templatePageSize: z.number().int().min(1).max(1000).optional(),
  strictTemplates: z.boolean().optional(),
  throughputLevel: z.enum(THROUGHPUT_LEVELS).optional(),
  throughputMps: z.number().int().min(1).max(1_000_000).nullable().optional(),
  enforceThroughput: z.boolean().optional(),
  pairRateLimit: z.object({ burst: z.number().int().min(1), intervalMs: z.number().int().min(1) }).optional(),
  enforcePairRate: z.boolean().optional(),
  messagingLimitTier: z.enum(MESSAGING_LIMIT_TIERS).optional(),
  qualityRating: z.enum(QUALITY_RATINGS).optional(),
  phoneStatus: z.enum(PHONE_STATUSES).optional(),
  statusBatchMax: z.number().int().min(1).max(1000).optional(),
  statusBatchWindowMs: z.number().int().min(0).max(10_000).optional(),
  sentLimit: z.number().int().min(1).optional(),
  webhookLogLimit: z.number().int().min(1).optional(),
});

/** The control API under /_sim: play customers, choose failures, read what happened. No auth, JSON. */
export function controlRouter(ctx: SimContext): express.Router {
  const router = express.Router();
  router.use(express.json({ limit: '150mb' }));
  router.use(controlMessagesRouter(ctx));
  router.use(controlTemplatesRouter(ctx));
  router.use(graphFailuresControl(ctx));

  router.get('/health', (_req, res) => {
    res.json({ ok: true });
  });

  router.get('/sent', (req: Request, res: Response) => {
    const to = typeof req.query.to === 'string' ? digitsOf(req.query.to) : undefined;
    const sent = ctx.state.sent.filter((s) => to === undefined || s.to === to);
    res.json({ data: sent.map(sentView) });
  });

  /** How many times each recipient was sent each template / callback data, over every send since reset. */
  router.get('/sent/counts', (req: Request, res: Response) => {
    const text = (name: string) =>
      typeof req.query[name] === 'string' ? String(req.query[name]) : undefined;
    const to = text('to');
    const limit = Number(text('limit') ?? 100);
    res.json(
      ctx.state.counts.summary(
        {
          totalsOnly: ['1', 'true'].includes(text('totals') ?? ''),
          template: text('template'),
          to: to === undefined ? undefined : digitsOf(to),
          callbackPrefix: text('callbackPrefix'),
        },
        Number.isInteger(limit) && limit >= 0 ? Math.min(limit, 10_000) : 100,
      ),
    );
  });

  router.get('/marked-read', (_req, res) => {
    res.json({ data: ctx.state.markedRead });
  });

  router.get('/failures', (_req, res) => {
    res.json({ data: ctx.state.failures });
  });

  router.post('/failures', (req: Request, res: Response) => {
    const { times, ...rule } = parseBody(failureSchema, req.body);
    res.status(201).json(ctx.state.addFailure({ ...rule, remaining: times ?? null }));
  });

  router.delete('/failures', (req: Request, res: Response) => {
    const to = typeof req.query.to === 'string' ? digitsOf(req.query.to) : undefined;
    const kept = ctx.state.failures.filter((f) => to !== undefined && f.to !== to);
    const removed = ctx.state.failures.length - kept.length;
    ctx.state.failures.splice(0, ctx.state.failures.length, ...kept);
    res.json({ removed });
  });

  router.get('/customers', (_req, res) => {
    res.json({ data: [...ctx.state.customers.values()].map(customerView) });
  });

  router.post('/customers/:waId/window', (req: Request, res: Response) => {
    const { lastInboundAt } = parseBody(windowSchema, req.body);
    const at = lastInboundAt === null ? null : Date.parse(lastInboundAt);
    res.json(customerView(ctx.state.setLastInbound(digitsOf(String(req.params.waId)), at)));
  });

  /** Sends to this number are answered with another wa_id (`contacts[0].wa_id`), as WhatsApp names the user. */
  router.post('/customers/:to/wa-id', (req: Request, res: Response) => {
    const { waId } = parseBody(waIdSchema, req.body);
    const to = digitsOf(String(req.params.to));
    ctx.state.waIdAnswers.set(to, waId);
    res.json({ to, waId });
  });

  /** Registers a pricing category for a template name (sends of names the simulator does not hold). */
  router.post('/templates', (req: Request, res: Response) => {
    const { name, category } = parseBody(templateSchema, req.body);
    ctx.state.templateCategories.set(name, category);
    res.status(201).json({ name, category });
  });

  router.get('/webhooks', (req: Request, res: Response) => {
    const { wamid, kind } = req.query;
    const records = ctx.state.webhooks.filter(
      (w) => (!wamid || w.wamid === wamid || w.wamids?.includes(String(wamid))) && (!kind || w.kind === kind),
    );
    res.json({ data: records.map(deliveryView) });
  });

  router.get('/config', (_req, res) => {
    res.json(ctx.config);
  });

  router.post('/config', (req: Request, res: Response) => {
    Object.assign(ctx.config, parseBody(configSchema, req.body));
    res.json(ctx.config);
  });

  router.post('/reset', (_req, res) => {
    ctx.deliverer.cancelAll();
    for (const media of [...ctx.state.media.values()]) deleteMedia(ctx.state, media);
    for (const upload of ctx.state.uploads.values()) fs.rmSync(upload.file, { force: true });
    ctx.state.reset();
    res.json({ ok: true });
  });

  router.use(controlErrorHandler);
  return router;
}

function sentView(s: SentMessage) {
  const { lastStatusTimestamp: _ts, ...view } = s;
  return view;
}

function customerView(c: Customer) {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    waId: c.waId,
    ...(c.name ? { name: c.name } : {}),
    lastInboundAt: iso(c.lastInboundAt),
    windowOpen: isWindowOpen(c.lastInboundAt, Date.now()),
    windowExpiresAt: iso(c.lastInboundAt === null ? null : c.lastInboundAt + SERVICE_WINDOW_MS),
  };
}
