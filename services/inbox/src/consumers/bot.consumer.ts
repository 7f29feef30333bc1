import { INBOX_EVENTS, inboxEventSchemas, QUEUES, type EventEnvelope } from '@inbox/contracts';
import { REQUEST_ID_METADATA, type EventBus } from '@inbox/platform';
import type { InboxDeps } from '../deps';
import { handleCustomerMessage } from '../usecases/bot/handle-customer-message';
import { runReclassifyJob } from '../usecases/bot/reclassify-job';

/** Attempts per event: with the bus's doubling backoff, the last comes a few seconds after the first. */
export const BOT_ATTEMPTS = 5;

type Handler = (
  deps: InboxDeps,
  event: EventEnvelope,
  info: { requestId: string; lastAttempt: boolean },
) => Promise<unknown>;

/** One handler per bound event type: the bindings are derived from this table. */
const HANDLERS: Record<string, Handler> = {
  [INBOX_EVENTS.messageReceived]: (deps, event, { requestId, lastAttempt }) => {
    const data = inboxEventSchemas[INBOX_EVENTS.messageReceived].parse(event.data);
    return handleCustomerMessage(deps, {
      orgId: event.orgId,
      conversationId: data.conversationId,
      messageId: data.messageId,
      sentAt: new Date(data.sentAt),
      type: data.type,
      text: data.text,
      replyId: data.replyId ?? null,
      requestId,
      lastAttempt,
    });
  },
  [INBOX_EVENTS.reclassifyJobRequested]: (deps, event) => {
    const data = inboxEventSchemas[INBOX_EVENTS.reclassifyJobRequested].parse(event.data);
    return runReclassifyJob(deps, data.jobId);
  },
};

/**
 * The bot's work: a turn on each customer message, and bulk re-classify jobs. Not one transaction
 * per event like the other consumers: a turn calls WhatsApp and the directory, so each step keeps
 * its own short transaction, and the use cases are safe to run again (a message is answered once,
 * a job resumes from its cursor).
 */
export async function subscribeBot(deps: InboxDeps, bus: EventBus): Promise<void> {
  await bus.subscribe(
    {
      queue: QUEUES.inboxBot,
      bindings: Object.keys(HANDLERS),
      // Turns of different conversations run side by side; those of one conversation serialize on
      // its row lock and check the bot's state, so any prefetch is safe.
      prefetch: 8,
      maxAttempts: BOT_ATTEMPTS,
    },
    async (event, info) => {
      const handler = HANDLERS[event.type];
      if (!handler) throw new Error(`no handler for ${event.type}`);
      await handler(deps, event, {
        requestId: info.headers[REQUEST_ID_METADATA] ?? event.id,
        lastAttempt: info.attempt >= BOT_ATTEMPTS,
      });
    },
  );
}
