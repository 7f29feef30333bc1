import express, { type Request, type Response } from 'express';
import { requireToken } from './graph-auth';
import { invalidParameter, unknownObject } from './graph-errors';
import { refusalError } from './template-errors';
import { scheduleReview } from './template-review';
import { StoreError, type SimTemplate } from './template-store';
import { checkComponents, parseCategory, parseCreate } from './template-validation';
import type { SimContext } from './context';

/**
 * Template management as Graph has it (reference §5): create, list with cursor paging and
 * delete on `/{waba-id}/message_templates`; read and edit on `/{template-id}`. Templates are kept
 * per WABA id, and any numeric WABA id is accepted, so a test can play several businesses.
 */

const DEFAULT_FIELDS = ['id', 'name', 'language', 'status', 'category', 'components', 'parameter_format'];
const MAX_LIMIT = 1000;

/** A template as Graph shows it, reduced to the requested fields (`id` always). */
export function templateView(t: SimTemplate, fields?: string[] | 'all'): Record<string, unknown> {
  const full: Record<string, unknown> = {
    id: t.id,
    name: t.name,
    language: t.language,
    status: t.status,
    category: t.category,
    ...(t.previousCategory ? { previous_category: t.previousCategory } : {}),
    components: t.components,
    parameter_format: t.parameterFormat,
    quality_score: { score: t.quality, date: t.qualityDate },
    rejected_reason: t.rejectedReason,
  };
  if (fields === 'all') return full;
  const wanted = new Set(['id', ...(fields ?? DEFAULT_FIELDS)]);
  return Object.fromEntries(Object.entries(full).filter(([key]) => wanted.has(key)));
}

function fieldsOf(req: Request): string[] | undefined {
  const fields = req.query.fields;
  return typeof fields === 'string' && fields.trim() ? fields.split(',').map((f) => f.trim()) : undefined;
}

function wabaOf(req: Request, verb: 'get' | 'post' | 'delete'): string {
  const id = String(req.params.wabaId);
  if (!/^\d+$/.test(id)) throw unknownObject(id, verb);
  return id;
}

const encodeCursor = (seq: number) => Buffer.from(`seq:${seq}`).toString('base64url');

function decodeCursor(value: unknown): number {
  if (value === undefined) return 0;
  const match =
    typeof value === 'string' ? /^seq:(\d+)$/.exec(Buffer.from(value, 'base64url').toString()) : null;
  if (!match) throw invalidParameter('Param after is not a valid cursor.');
  return Number(match[1]);
}

function limitOf(ctx: SimContext, value: unknown): number {
  if (value === undefined) return ctx.config.templatePageSize;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw invalidParameter(`Param limit must be an integer from 1 to ${MAX_LIMIT}.`);
  }
  return limit;
}

const listFilter = (req: Request) => {
  const q = req.query;
  const one = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const statuses = one(q.status)?.toUpperCase().split(',');
  return (t: SimTemplate) =>
    (one(q.name) === undefined || t.name === q.name) &&
    (one(q.language) === undefined || t.language === q.language) &&
    (one(q.category) === undefined || t.category === String(q.category).toUpperCase()) &&
    (statuses === undefined || statuses.includes(t.status));
};

/** One page after the cursor; `paging.next` only when more follow, as Graph does. */
function listPage(ctx: SimContext, req: Request, wabaId: string) {
  const limit = limitOf(ctx, req.query.limit);
  const after = decodeCursor(req.query.after);
  const matching = ctx.state.templates.ofWaba(wabaId).filter(listFilter(req));
  const rest = matching.filter((t) => t.seq > after);
  const page = rest.slice(0, limit);
  const fields = fieldsOf(req);
  const data = page.map((t) => templateView(t, fields));
  if (page.length === 0) return { data };
  const cursors = { before: encodeCursor(page[0].seq), after: encodeCursor(page[page.length - 1].seq) };
  if (rest.length <= limit) return { data, paging: { cursors } };
  const query = new URLSearchParams(req.query as Record<string, string>);
  query.set('limit', String(limit));
  query.set('after', cursors.after);
  const next = `${ctx.baseUrl()}/${String(req.params.version)}/${wabaId}/message_templates?${query.toString()}`;
  return { data, paging: { cursors, next } };
}

const handleLookup = (ctx: SimContext) => (handle: string) => ctx.state.handles.get(handle);

function rethrowRefusal(error: unknown, language?: string): never {
  if (error instanceof StoreError) throw refusalError(error.refusal, language);
  throw error;
}

export function templatesRouter(ctx: SimContext): express.Router {
  const router = express.Router();
  const auth = requireToken(ctx);
  const json = express.json({ limit: '1mb' });
  const path = '/:version/:wabaId/message_templates';

  router.post(path, auth, json, (req: Request, res: Response) => {
    const wabaId = wabaOf(req, 'post');
    const input = parseCreate((req.body ?? {}) as Record<string, unknown>, handleLookup(ctx));
    // WhatsApp may file a template under another category than requested; the answer says which.
    const category = ctx.state.creationCategories.get(input.name) ?? input.category;
    let template: SimTemplate;
    try {
      template = ctx.state.templates.create({ wabaId, ...input, category }, ctx.now());
    } catch (error) {
      rethrowRefusal(error, input.language);
    }
    scheduleReview(ctx, template);
    res.json({ id: template.id, status: template.status, category: template.category });
  });

  router.get(path, auth, (req: Request, res: Response) => {
    res.json(listPage(ctx, req, wabaOf(req, 'get')));
  });

  router.delete(path, auth, (req: Request, res: Response) => {
    const wabaId = wabaOf(req, 'delete');
    const { name, hsm_id: hsmId } = req.query;
    if (typeof name !== 'string' || name === '') throw invalidParameter('The parameter name is required.');
    if (hsmId !== undefined && typeof hsmId !== 'string')
      throw invalidParameter('Param hsm_id must be a string.');
    try {
      // Without hsm_id this deletes the name in every language, exactly as Graph does.
      ctx.state.templates.delete(wabaId, name, hsmId || undefined, ctx.now());
    } catch (error) {
      rethrowRefusal(error);
    }
    res.json({ success: true });
  });

  router.get('/:version/:templateId', auth, (req: Request, res: Response, next) => {
    const template = ctx.state.templates.get(String(req.params.templateId));
    if (!template) return next();
    res.json(templateView(template, fieldsOf(req)));
  });

  router.post('/:version/:templateId', auth, json, (req: Request, res: Response) => {
    const id = String(req.params.templateId);
    const template = ctx.state.templates.get(id);
    if (!template) throw unknownObject(id, 'post');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const category = parseCategory(body.category, false);
    // A category alone may change (not on an APPROVED template); otherwise components are replaced wholesale.
    const components =
      body.components === undefined && category !== undefined
        ? template.components
        : checkComponents(
            body.components,
            template.parameterFormat,
            category ?? template.category,
            handleLookup(ctx),
          );
    try {
      ctx.state.templates.edit(id, { category, components }, ctx.now());
    } catch (error) {
      rethrowRefusal(error);
    }
    scheduleReview(ctx, template);
    res.json({ success: true });
  });

  return router;
}
