import { PROVIDER_EVENTS, providerWhatsAppDataSchema, QUEUES } from '@inbox/contracts';
import {
  REQUEST_ID_METADATA,
  type EventBus,
  type EventHandler,
  type SubscriptionSpec,
} from '@inbox/platform';
import type { CampaignsDeps } from '../deps';
import { applyStatusWebhook } from '../usecases/statuses/apply-status-webhook';

/**
 * WhatsApp's `messages` webhooks, for the statuses of campaign sends (their callback data names a
 * recipient); inbound messages are the inbox's, and reach this service as inbox events. A status
 * about a recipient not stored is retried with backoff: these 8 attempts span about a minute,
 * longer than the grace after which it is dropped (domain/status-report.ts), so it ends, not parks.
 * The prefetch lets many webhooks be applied at once: each is one short transaction.
 */
export const PROVIDER_WEBHOOKS_SUBSCRIPTION = {
  queue: QUEUES.campaignsWebhooks,
  bindings: [PROVIDER_EVENTS.whatsappMessages],
  prefetch: 64,
  maxAttempts: 8,
  retryBaseMs: 500,
} satisfies SubscriptionSpec;

export function providerWebhooksHandler(deps: CampaignsDeps): EventHandler {
  return async (event, info) => {
    const data = providerWhatsAppDataSchema.parse(event.data);
    const receivedAt = new Date(data.receivedAt);
    await applyStatusWebhook(deps, {
      value: data.value,
      requestId: info.headers[REQUEST_ID_METADATA] ?? event.id,
      ...(Number.isNaN(receivedAt.getTime()) ? {} : { receivedAt }),
    });
  };
}

export async function startProviderWebhooksConsumer(deps: CampaignsDeps, bus: EventBus): Promise<void> {
  await bus.subscribe(PROVIDER_WEBHOOKS_SUBSCRIPTION, providerWebhooksHandler(deps));
}
