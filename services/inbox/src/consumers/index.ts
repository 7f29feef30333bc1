import type { EventBus } from '@inbox/platform';
import type { InboxDeps } from '../deps';
import { subscribeBot } from './bot.consumer';
import { subscribeCampaignEvents } from './campaign-events.consumer';
import { subscribeDirectoryEvents } from './directory-events.consumer';
import { subscribeMediaDownloads } from './media-downloads.consumer';
import { subscribeProviderWebhooks } from './provider-webhooks.consumer';

/** Every queue the inbox consumes; each consumer is idempotent (processed-event table or natural keys). */
export async function startConsumers(deps: InboxDeps, bus: EventBus): Promise<void> {
  await subscribeProviderWebhooks(deps, bus);
  await subscribeMediaDownloads(deps, bus);
  await subscribeDirectoryEvents(deps, bus);
  await subscribeCampaignEvents(deps, bus);
  await subscribeBot(deps, bus);
}
