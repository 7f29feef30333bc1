import type { EventBus } from '@inbox/platform';
import type { CampaignsDeps } from '../deps';
import { startInboxEventsConsumer } from './inbox-events.consumer';
import { startProviderWebhooksConsumer } from './provider-webhooks.consumer';
import { startTemplateEventsConsumer } from './template-events.consumer';

/**
 * Every queue the API process consumes: WhatsApp's status webhooks of campaign sends, the inbox's
 * received messages (replies, survey answers) and template status changes. The send queue is the
 * worker's (worker.ts). Each consumer is idempotent.
 */
export async function startConsumers(deps: CampaignsDeps, bus: EventBus): Promise<void> {
  await startProviderWebhooksConsumer(deps, bus);
  await startInboxEventsConsumer(deps, bus);
  await startTemplateEventsConsumer(deps, bus);
}
