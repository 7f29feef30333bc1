import type { EventBus } from '@inbox/platform';
import type { TemplatesDeps } from '../deps';
import { subscribeProviderWebhooks } from './provider-webhooks.consumer';

/**
 * Every queue the templates service consumes: account-level WhatsApp webhooks (status, category,
 * quality). Each consumer is idempotent (processed-event table, and repeats change nothing).
 */
export async function startConsumers(deps: TemplatesDeps, bus: EventBus): Promise<void> {
  await subscribeProviderWebhooks(deps, bus);
}
