import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { ControlError, deliverySummary, parseBody } from './control-validation';
import { templateCategory } from './graph-messages';
import { buildInbound, inboundSchema } from './inbound';
import { messagesEnvelope, pricingFor } from './payloads';
import type { SimContext } from './context';
import type { SentMessage } from './state';

const rawSchema = z.object({
  payload: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]),
});

const statusSchema = z.object({
  wamid: z.string().min(1),
  status: z.enum(['sent', 'delivered', 'read', 'failed', 'played']),
  errorCode: z.number().int().optional(),
  errorTitle: z.string().optional(),
});

/** Control routes that make webhooks: a customer writes, a raw body, a manual status. */
export function controlMessagesRouter(ctx: SimContext): express.Router {
  const router = express.Router();

  router.post('/inbound', async (req: Request, res: Response) => {
    const input = parseBody(inboundSchema, req.body);
    const previous = input.id ? ctx.state.inbound.get(input.id) : undefined;
    // A redelivery repeats the stored message byte for byte, as the platform's at-least-once delivery does.
    const built = previous ?? buildInbound(ctx, input);
    const wamid = String(built.message.id);
    if (!previous) {
      ctx.state.inbound.set(wamid, {
        wamid,
        from: input.from,
        message: built.message,
        contact: built.contact,
        receivedAt: new Date().toISOString(),
      });
    }
    const name = (built.contact.profile as { name: string }).name;
    ctx.state.noteInbound(input.from, Number(built.message.timestamp) * 1000, name);
    const payload = messagesEnvelope(ctx.channel, { contacts: [built.contact], messages: [built.message] });
    const record = await ctx.deliverer.deliver(payload, { kind: 'message', wamid }).firstAttempt;
    const media = 'media' in built ? built.media : undefined;
    res.json({
      wamid,
      redelivery: previous !== undefined,
      ...(media ? { mediaId: media.id } : {}),
      message: built.message,
      delivery: deliverySummary(record),
    });
  });

  router.post('/deliver-raw', async (req: Request, res: Response) => {
    const { payload } = parseBody(rawSchema, req.body);
    const badSignature = ['1', 'true'].includes(String(req.query.badSignature));
    const handle = ctx.deliverer.deliver(payload, { kind: 'raw', badSignature });
    const record = await handle.firstAttempt;
    res.json({ signature: record.signature, delivery: deliverySummary(record) });
  });

  router.post('/statuses', async (req: Request, res: Response) => {
    const input = parseBody(statusSchema, req.body);
    const sent = ctx.state.findSent(input.wamid);
    if (!sent) throw new ControlError(404, `No accepted send has wamid '${input.wamid}'.`);
    const error =
      input.status === 'failed' ? { code: input.errorCode ?? 131000, title: input.errorTitle } : undefined;
    const pricing =
      input.status === 'sent' || input.status === 'delivered' ? pricingOf(ctx, sent) : undefined;
    const record = await ctx.runner.emit(sent, { status: input.status, error, pricing }).firstAttempt;
    res.json({ delivery: deliverySummary(record) });
  });

  return router;
}

/** A manual status carries the pricing the automatic one would have. */
function pricingOf(ctx: SimContext, sent: SentMessage) {
  const category = sent.type === 'template' ? templateCategory(ctx, sent.body) : undefined;
  return pricingFor(sent.type, category, sent.windowOpen);
}
