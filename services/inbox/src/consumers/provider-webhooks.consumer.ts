import { PROVIDER_EVENTS, QUEUES, providerWhatsAppDataSchema } from '@inbox/contracts';
import { REQUEST_ID_METADATA, type EventBus, type SubscriptionSpec } from '@inbox/platform';
import type { InboxDeps } from '../deps';
import { InboundBatcher } from '../usecases/ingest/inbound-batcher';
import { ingestMessagesWebhook } from '../usecases/ingest/ingest-messages-webhook';
import type { ReceiveMessageInput } from '../usecases/ingest/receive-message';

/**
 * A status that arrives before its send stored the platform's id is retried with backoff: these
 * 8 attempts span about a minute, longer than the grace after which a status about a message never
 * stored is dropped (domain/unknown-status.ts), so such statuses are dropped, not parked.
 */
export const PROVIDER_WEBHOOKS_SUBSCRIPTION = {
  queue: QUEUES.inboxWebhooks,
  bindings: [PROVIDER_EVENTS.whatsappMessages],
  // Enough deliveries in hand to fill the inbound batches (INBOUND_BATCH below).
  prefetch: 100,
  maxAttempts: 8,
  retryBaseMs: 500,
} satisfies SubscriptionSpec;

/** Messages per transaction unless the deployment sets INBOX_INGEST_BATCH; two batches at a time. */
export const INBOUND_BATCH = { maxBatch: 50, maxInFlight: 2 };

/**
 * Inbound messages and status reports from the gateway. Idempotent by the platform's message id.
 * Inbound messages are stored in batches: a delivery is acknowledged once its batch committed.
 * INBOX_INGEST_BATCH=1 turns batching off: each delivery stores its messages in its own
 * transaction, as many at once as the prefetch allows (how ingestion worked before batching).
 */
export async function subscribeProviderWebhooks(deps: InboxDeps, bus: EventBus): Promise<void> {
  const maxBatch = deps.settings.ingestBatchSize ?? INBOUND_BATCH.maxBatch;
  const batcher = maxBatch > 1 ? new InboundBatcher(deps, { ...INBOUND_BATCH, maxBatch }) : undefined;
  const receive = batcher && ((input: ReceiveMessageInput) => batcher.receive(input));
  await bus.subscribe(PROVIDER_WEBHOOKS_SUBSCRIPTION, async (event, info) => {
    const data = providerWhatsAppDataSchema.parse(event.data);
    const receivedAt = new Date(data.receivedAt);
    await ingestMessagesWebhook(
      deps,
      data.value,
      info.headers[REQUEST_ID_METADATA] ?? event.id,
      Number.isNaN(receivedAt.getTime()) ? undefined : receivedAt,
      receive,
    );
  });
}
