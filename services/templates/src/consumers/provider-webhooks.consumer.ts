import { providerWhatsAppDataSchema, QUEUES } from '@inbox/contracts';
import {
  idempotent,
  REQUEST_ID_METADATA,
  type EventBus,
  type EventHandler,
  type SubscriptionSpec,
} from '@inbox/platform';
import { outbox, processedEvents } from '../db/schema';
import type { TemplatesDeps } from '../deps';
import { applyTemplateWebhook, TEMPLATE_WEBHOOK_HANDLERS } from '../usecases/sync/apply-template-webhook';
import { WabaOwners } from './waba-owners';

/**
 * Account-level template webhooks from the gateway's ingress. A webhook about a template not
 * stored yet is retried with backoff: these 8 attempts span about a minute, longer than the grace
 * after which it is acknowledged (UNKNOWN_TEMPLATE_GRACE_MS), so such webhooks end, not park.
 * `message_template_components_update` is not bound: edits made here are stored when made, edits
 * made in WhatsApp Manager come with the next sync.
 */
export const PROVIDER_WEBHOOKS_SUBSCRIPTION = {
  queue: QUEUES.templatesWebhooks,
  bindings: Object.keys(TEMPLATE_WEBHOOK_HANDLERS),
  prefetch: 20,
  maxAttempts: 8,
  retryBaseMs: 500,
} satisfies SubscriptionSpec;

/** The consumer name under which handled webhook events are remembered (processed_events). */
export const TEMPLATE_WEBHOOKS_CONSUMER = 'templates.provider-webhooks';

/**
 * Finds the organization by the WABA id (outside any transaction), then applies the webhook in
 * one transaction that also claims the event id (the platform's `idempotent`: a redelivery
 * changes nothing). A WABA no organization owns is logged and acknowledged:
 * there is nothing to do, and refusing it would only have the bus retry.
 */
export function providerWebhookHandler(
  deps: TemplatesDeps,
  owners = new WabaOwners(deps.inbox),
): EventHandler {
  return async (event, info) => {
    const data = providerWhatsAppDataSchema.parse(event.data);
    const requestId = info.headers[REQUEST_ID_METADATA] ?? event.id;
    const orgId = await owners.orgOf(data.wabaId, requestId);
    if (orgId === null) {
      deps.logger.info(
        { wabaId: data.wabaId, type: event.type, requestId },
        'template webhook for an unknown WABA',
      );
      return;
    }
    const apply = idempotent(
      deps.db,
      { outbox, processedEvents },
      TEMPLATE_WEBHOOKS_CONSUMER,
      async (tx) => void (await applyTemplateWebhook(deps, tx, { type: event.type, orgId, requestId, data })),
      // The events the webhook records are published once its transaction commits.
      deps.events,
    );
    await apply(event, info);
  };
}

export async function subscribeProviderWebhooks(deps: TemplatesDeps, bus: EventBus): Promise<void> {
  await bus.subscribe(PROVIDER_WEBHOOKS_SUBSCRIPTION, providerWebhookHandler(deps));
}
