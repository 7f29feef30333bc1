import express, { type Request, type Response, type Router } from 'express';
import { providerWhatsAppKey, type ProviderWhatsAppData } from '@inbox/contracts';
import { newId, REQUEST_ID_METADATA, type EventBus, type Logger, type OutgoingEvent } from '@inbox/platform';
import { verifySignature } from '@inbox/whatsapp';
import { sendProblem } from '../http/problem';
import { parseJsonKeepingLargeIntegers } from './lossless-json';

export interface WebhookSettings {
  /** The Meta app's secret: the signature over the raw bytes is the authentication. */
  appSecret: string;
  /** Answers the subscription handshake. */
  verifyToken: string;
}

/** A broker alarm lasts until memory or disk is freed: seconds at best. */
const BLOCKED_RETRY_AFTER_SECONDS = 30;

/** Meta batches up to 1,000 updates per POST; 3 MB leaves room for that and refuses abuse. */
export const WEBHOOK_BODY_LIMIT = '3mb';

interface Envelope {
  object?: unknown;
  entry?: Array<{ id?: unknown; time?: unknown; changes?: Array<{ field?: unknown; value?: unknown }> }>;
}

/** One event per `entry[].changes[]` item: consumers bind only the fields they handle. */
export function toProviderEvents(payload: Envelope, requestId: string, now: Date): OutgoingEvent[] {
  const events: OutgoingEvent[] = [];
  for (const entry of payload.entry ?? []) {
    for (const change of entry.changes ?? []) {
      if (typeof change.field !== 'string' || typeof change.value !== 'object' || change.value === null)
        continue;
      const data: ProviderWhatsAppData = {
        wabaId: String(entry.id ?? ''),
        field: change.field,
        ...(typeof entry.time === 'number' ? { time: entry.time } : {}),
        value: change.value as Record<string, unknown>,
        receivedAt: now.toISOString(),
      };
      events.push({
        envelope: {
          id: newId(),
          type: providerWhatsAppKey(change.field),
          orgId: 0,
          occurredAt: now.toISOString(),
          data,
        },
        headers: { [REQUEST_ID_METADATA]: requestId },
      });
    }
  }
  return events;
}

/**
 * GET answers Meta's subscription handshake; POST checks the signature over the exact bytes,
 * publishes the payload durably (publisher confirms) and only then answers 200 — so nothing
 * acknowledged is lost; while the broker blocks publishers, or does not confirm in time, 503.
 * Unknown phone numbers are the consumer's business (logged and dropped
 * there): answering anything but 200 would make the platform retry for days.
 */
export function whatsappWebhookRouter(settings: WebhookSettings, bus: EventBus, logger: Logger): Router {
  const router = express.Router();
  router.get('/webhooks/whatsapp', (req: Request, res: Response) => {
    const { 'hub.mode': mode, 'hub.verify_token': token, 'hub.challenge': challenge } = req.query;
    if (mode === 'subscribe' && token === settings.verifyToken && typeof challenge === 'string') {
      res.type('text/plain').send(challenge);
      return;
    }
    sendProblem(res, { status: 403, code: 'VERIFICATION_FAILED', detail: 'The verify token does not match' });
  });
  router.post(
    '/webhooks/whatsapp',
    express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
    async (req: Request, res: Response) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!verifySignature(raw, req.get('x-hub-signature-256'), settings.appSecret)) {
        logger.warn({ requestId: res.locals.requestId }, 'webhook with a missing or bad signature refused');
        sendProblem(res, {
          status: 401,
          code: 'INVALID_SIGNATURE',
          detail: 'X-Hub-Signature-256 does not match the payload',
        });
        return;
      }
      // A blocked broker (memory or disk alarm) would take the event but never confirm it: answer
      // at once instead of holding the request, and Meta retries later.
      if (bus.blocked?.()) {
        logger.warn(
          { requestId: res.locals.requestId },
          'webhook refused while the broker blocks publishers',
        );
        res.set('Retry-After', String(BLOCKED_RETRY_AFTER_SECONDS));
        sendProblem(res, {
          status: 503,
          code: 'UNAVAILABLE',
          detail: 'The event broker is not accepting messages right now; retry later',
        });
        return;
      }
      let payload: Envelope;
      try {
        // Ids beyond 2^53 (template ids) survive as strings instead of being rounded.
        payload = parseJsonKeepingLargeIntegers(raw.toString('utf8')) as Envelope;
      } catch {
        sendProblem(res, {
          status: 400,
          code: 'MALFORMED_JSON',
          detail: 'The webhook body is not valid JSON',
        });
        return;
      }
      const events = toProviderEvents(payload, res.locals.requestId as string, new Date());
      try {
        if (events.length > 0) await bus.publish(events);
      } catch (err) {
        // Not acknowledged: the platform retries, so nothing is lost.
        logger.error({ err, requestId: res.locals.requestId }, 'webhook could not be queued');
        sendProblem(res, {
          status: 503,
          code: 'UNAVAILABLE',
          detail: 'The webhook could not be queued; retry later',
        });
        return;
      }
      res.status(200).type('text/plain').send('EVENT_RECEIVED');
    },
  );
  return router;
}
