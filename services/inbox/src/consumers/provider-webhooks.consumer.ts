import { PROVIDER_EVENTS, QUEUES, providerWhatsAppDataSchema } from '@inbox/contracts';
import { REQUEST_ID_METADATA, type EventBus } from '@inbox/platform';
import type { InboxDeps } from '../deps';
import { ingestMessagesWebhook } from '../usecases/ingest/ingest-messages-webhook';

/**
 * Inbound messages and status reports from the gateway. Idempotent by the platform's message id;
 * a status that arrives before its send stored the message id is retried with backoff (8 attempts
 * over about a minute) before the bus parks it.
 */
export async function subscribeProviderWebhooks(deps: InboxDeps, bus: EventBus): Promise<void> {
  await bus.subscribe(
    {
      queue: QUEUES.inboxWebhooks,
      bindings: [PROVIDER_EVENTS.whatsappMessages],
      prefetch: 20,
      maxAttempts: 8,
      retryBaseMs: 500,
    },
    async (event, info) => {
      const data = providerWhatsAppDataSchema.parse(event.data);
      await ingestMessagesWebhook(deps, data.value, info.headers[REQUEST_ID_METADATA] ?? event.id);
    },
  );
}
