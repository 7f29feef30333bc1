import { INBOX_EVENTS, inboxEventSchemas, QUEUES } from '@inbox/contracts';
import {
  REQUEST_ID_METADATA,
  type EventBus,
  type EventHandler,
  type SubscriptionSpec,
} from '@inbox/platform';
import type { CampaignsDeps } from '../deps';
import { recordReply } from '../usecases/replies/record-reply';

/**
 * The inbox's received messages: replies to campaign sends (REPLIED) and survey answers. The
 * retries cover the inbox being briefly unreachable when the next survey question goes out.
 */
export const INBOX_EVENTS_SUBSCRIPTION = {
  queue: QUEUES.campaignsInbox,
  bindings: [INBOX_EVENTS.messageReceived],
  prefetch: 32,
  maxAttempts: 8,
  retryBaseMs: 500,
} satisfies SubscriptionSpec;

/**
 * Idempotent by natural keys rather than a processed-event row: a redelivery must still send the
 * next survey question if the first delivery stopped between its commit and the send.
 */
export function inboxEventsHandler(deps: CampaignsDeps): EventHandler {
  return async (event, info) => {
    const message = inboxEventSchemas[INBOX_EVENTS.messageReceived].parse(event.data);
    await recordReply(deps, event.orgId, info.headers[REQUEST_ID_METADATA] ?? event.id, message);
  };
}

export async function startInboxEventsConsumer(deps: CampaignsDeps, bus: EventBus): Promise<void> {
  await bus.subscribe(INBOX_EVENTS_SUBSCRIPTION, inboxEventsHandler(deps));
}
