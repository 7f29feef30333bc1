import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { ControlError, deliverySummary, parseBody } from './control-validation';
import { templateView } from './graph-templates';
import { changeCategory, changeQuality, review, type ReviewAction } from './template-review';
import { StoreError, type SimTemplate } from './template-store';
import type { SimContext } from './context';

/**
 * Control routes for templates: list and seed them (for sync tests), play WhatsApp's review and
 * quality system (each step posts its signed webhook), move the clock, and see uploads.
 */

const category = z
  .string()
  .transform((c) => c.toUpperCase())
  .pipe(z.enum(['MARKETING', 'UTILITY', 'AUTHENTICATION']));
const status = z.enum(['PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED', 'IN_APPEAL']);
const quality = z.enum(['GREEN', 'YELLOW', 'RED', 'UNKNOWN']);

const seedOne = z.object({
  wabaId: z.string().regex(/^\d+$/).optional(),
  id: z
    .string()
    .regex(/^\d{1,16}$/)
    .optional(),
  name: z.string().regex(/^[a-z0-9_]{1,512}$/),
  language: z.string().min(2),
  category,
  status: status.default('APPROVED'),
  parameter_format: z.enum(['POSITIONAL', 'NAMED']).default('POSITIONAL'),
  components: z.array(z.looseObject({ type: z.string().min(1) })).min(1),
  quality: quality.optional(),
});
const seedSchema = z.union([seedOne, z.object({ templates: z.array(seedOne).min(1).max(1000) })]);

const reviewSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve'), category: category.optional() }),
  z.object({
    action: z.literal('reject'),
    reason: z
      .enum([
        'ABUSIVE_CONTENT',
        'INCORRECT_CATEGORY',
        'INVALID_FORMAT',
        'PROMOTIONAL',
        'SCAM',
        'TAG_CONTENT_MISMATCH',
      ])
      .optional(),
    rejectionInfo: z.object({ reason: z.string().min(1), recommendation: z.string().min(1) }).optional(),
  }),
  z.object({ action: z.enum(['pause', 'unpause', 'disable', 'reinstate', 'appeal']) }),
]);
const categorySchema = z.object({ category, warning: z.boolean().default(false) });
const qualitySchema = z.object({ score: quality });
const recategorizeSchema = z.object({ name: z.string().min(1), category });
const clockSchema = z.object({ advanceMs: z.number().int().nonnegative() });

/** The control view: Graph's fields plus what the simulator tracks. */
function controlView(t: SimTemplate) {
  return {
    ...templateView(t, 'all'),
    wabaId: t.wabaId,
    quality: t.quality,
    approvedEdits: t.approvedEdits.length,
  };
}

export function controlTemplatesRouter(ctx: SimContext): express.Router {
  const router = express.Router();
  const find = (req: Request) => {
    const t = ctx.state.templates.get(String(req.params.id));
    if (!t) throw new ControlError(404, `No template has id '${String(req.params.id)}'.`);
    return t;
  };

  router.get('/templates', (req: Request, res: Response) => {
    const wabaId = typeof req.query.wabaId === 'string' ? req.query.wabaId : undefined;
    const list = wabaId ? ctx.state.templates.ofWaba(wabaId) : ctx.state.templates.all();
    res.json({ data: list.map(controlView) });
  });

  router.post('/templates/seed', (req: Request, res: Response) => {
    const parsed = parseBody(seedSchema, req.body);
    const inputs = 'templates' in parsed ? parsed.templates : [parsed];
    const seeded = inputs.map((input) => {
      try {
        return ctx.state.templates.seed(
          {
            ...input,
            wabaId: input.wabaId ?? ctx.channel.wabaId,
            category: input.category,
            parameterFormat: input.parameter_format,
            components: input.components,
          },
          ctx.now(),
        );
      } catch (error) {
        if (error instanceof StoreError) {
          throw new ControlError(
            409,
            `A template '${input.name}' (${input.language}) or id ${input.id} exists.`,
          );
        }
        throw error;
      }
    });
    res.status(201).json({ data: seeded.map(controlView) });
  });

  router.post('/templates/recategorize', (req: Request, res: Response) => {
    const { name, category: assigned } = parseBody(recategorizeSchema, req.body);
    ctx.state.creationCategories.set(name, assigned);
    res.status(201).json({ name, category: assigned });
  });

  router.post('/templates/:id/review', async (req: Request, res: Response) => {
    const t = find(req);
    const step = parseBody(reviewSchema, req.body) as ReviewAction;
    const record = await review(ctx, t, step).firstAttempt;
    res.json({ template: controlView(t), delivery: deliverySummary(record) });
  });

  router.post('/templates/:id/category', async (req: Request, res: Response) => {
    const t = find(req);
    const input = parseBody(categorySchema, req.body);
    const record = await changeCategory(ctx, t, input.category, input.warning).firstAttempt;
    res.json({ template: controlView(t), delivery: deliverySummary(record) });
  });

  router.post('/templates/:id/quality', async (req: Request, res: Response) => {
    const t = find(req);
    const record = await changeQuality(ctx, t, parseBody(qualitySchema, req.body).score).firstAttempt;
    res.json({ template: controlView(t), delivery: deliverySummary(record) });
  });

  router.post('/clock', (req: Request, res: Response) => {
    ctx.state.clockOffsetMs += parseBody(clockSchema, req.body).advanceMs;
    res.json({ offsetMs: ctx.state.clockOffsetMs, now: new Date(ctx.now()).toISOString() });
  });

  router.get('/uploads', (_req: Request, res: Response) => {
    const data = [...ctx.state.uploads.values()].map(({ file: _file, sig: _sig, ...session }) => session);
    res.json({ data });
  });

  return router;
}
