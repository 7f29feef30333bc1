import express, { type Request, type Response } from 'express';
import { requirePhoneNumber, requireToken } from './graph-auth';
import { invalidParameter, platformError } from './graph-errors';
import { newHexId, newWamid } from './ids';
import { apiMajorVersion, planStatuses } from './payloads';
import { MEDIA_TYPES } from './send-schemas';
import { parseSendRequest } from './send-validation';
import { checkTemplateSend, knownTemplate } from './template-send-check';
import { digitsOf, type SentMessage, type TemplateCategory } from './state';
import type { SimContext } from './context';

/** `POST /:version/:phoneNumberId/messages`: validate, apply chosen failures and the 24-hour rule, answer. */
export function messagesRouter(ctx: SimContext): express.Router {
  const router = express.Router();
  router.post(
    '/:version/:phoneNumberId/messages',
    requireToken(ctx),
    requirePhoneNumber(ctx),
    express.json({ limit: '1mb' }),
    (req: Request, res: Response) => {
      const parsed = parseSendRequest(req.body);
      if (parsed.kind === 'read') {
        ctx.state.noteMarkedRead(parsed.messageId, ctx.config.sentLimit);
        res.json({ success: true });
        return;
      }
      if (MEDIA_TYPES.includes(parsed.type)) checkMediaId(ctx, parsed.type, parsed.body);
      if (parsed.type === 'template') checkTemplateSend(ctx, parsed.body);
      const waId = digitsOf(parsed.to);
      const refused = ctx.state.limiter.take(ctx.config, String(req.params.phoneNumberId), waId, Date.now());
      if (refused) {
        ctx.state.counts.noteRefused(refused);
        throw platformError(refused);
      }
      const failure = ctx.state.takeFailure(waId);
      if (failure?.mode === 'sync') throw platformError(failure.code, failure.title, failure.httpStatus);

      const sent = accept(ctx, String(req.params.version), waId, parsed);
      const answeredWaId = ctx.state.waIdAnswers.get(waId);
      if (answeredWaId) sent.answeredWaId = answeredWaId;
      const asyncFailure =
        failure?.mode === 'async' ? { code: failure.code, title: failure.title } : undefined;
      const steps = planStatuses({
        type: parsed.type,
        category: parsed.type === 'template' ? templateCategory(ctx, parsed.body) : undefined,
        windowOpen: sent.windowOpen,
        asyncFailure,
        autoStatuses: ctx.config.autoStatuses,
      });
      const error = steps[0]?.error;
      if (error) sent.failure = { code: error.code, reason: asyncFailure ? 'chosen' : 'window_closed' };
      void ctx.runner.run(sent, steps);
      if (failure?.mode === 'drop' || failure?.mode === 'hang') {
        loseAnswer(req, failure.mode);
        return;
      }
      res.json({
        messaging_product: 'whatsapp',
        contacts: [{ input: parsed.to, wa_id: sent.answeredWaId ?? waId }],
        messages: [{ id: sent.wamid, ...(parsed.type === 'template' ? { message_status: 'accepted' } : {}) }],
      });
    },
  );
  return router;
}

/** Longest a `hang` keeps the connection: far beyond any client deadline, short of a stuck test run. */
const HANG_MS = 120_000;

/**
 * The send was accepted but its answer is lost, as when a connection drops after Graph acted: the
 * client cannot know whether the message went out.
 */
function loseAnswer(req: Request, mode: 'drop' | 'hang'): void {
  if (mode === 'drop') {
    req.socket.destroy();
    return;
  }
  setTimeout(() => req.socket.destroy(), HANG_MS).unref();
}

function accept(
  ctx: SimContext,
  version: string,
  waId: string,
  parsed: { to: string; type: string; body: Record<string, unknown> },
): SentMessage {
  const major = apiMajorVersion(version);
  const sent: SentMessage = {
    wamid: newWamid(waId),
    to: waId,
    input: parsed.to,
    type: parsed.type,
    body: parsed.body,
    version,
    acceptedAt: new Date().toISOString(),
    windowOpen: ctx.state.windowOpenFor(waId, Date.now()),
    statuses: [],
    ...(major !== undefined && major <= 23 ? { conversationId: newHexId() } : {}),
    lastStatusTimestamp: 0,
  };
  ctx.state.recordSent(sent, ctx.config.sentLimit);
  return sent;
}

/** Media sent by id must be media the platform holds (uploaded, or received from a customer). */
function checkMediaId(ctx: SimContext, type: string, body: Record<string, unknown>): void {
  const id = (body[type] as { id?: string }).id;
  if (id !== undefined && !ctx.state.media.has(id)) {
    throw invalidParameter(
      `Param ${type}['id'] is not a valid media id: no media with id '${id}' was uploaded.`,
    );
  }
}

/**
 * The pricing category of a template send: the category of the simulator's own template, else one
 * registered through the control API, else the default.
 */
export function templateCategory(ctx: SimContext, body: Record<string, unknown>): TemplateCategory {
  const known = knownTemplate(ctx, body);
  if (known) return known.category.toLowerCase() as TemplateCategory;
  const name = (body.template as { name: string }).name;
  return ctx.state.templateCategories.get(name) ?? ctx.defaultTemplateCategory;
}
