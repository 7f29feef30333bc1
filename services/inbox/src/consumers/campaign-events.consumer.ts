import { CAMPAIGNS_EVENTS, campaignsEventSchemas, QUEUES, type EventEnvelope } from '@inbox/contracts';
import { idempotent, REQUEST_ID_METADATA, type Db, type EventBus } from '@inbox/platform';
import { outbox, processedEvents } from '../db/schema';
import type { InboxDeps } from '../deps';
import { systemOrigin } from '../events';
import { storeCampaignMessage } from '../usecases/messages/store-campaign-message';

type Handler = (deps: InboxDeps, tx: Db, event: EventEnvelope, requestId?: string) => Promise<unknown>;

/** One handler per bound event type: the bindings are derived from this table. */
const HANDLERS: Record<string, Handler> = {
  [CAMPAIGNS_EVENTS.recipientReplied]: (deps, tx, event, requestId) => {
    const data = campaignsEventSchemas[CAMPAIGNS_EVENTS.recipientReplied].parse(event.data);
    return storeCampaignMessage(deps, tx, systemOrigin(event.orgId, requestId), data);
  },
};

/** Campaign events the inbox follows: a recipient's reply brings the campaign message into the conversation. */
export async function subscribeCampaignEvents(deps: InboxDeps, bus: EventBus): Promise<void> {
  const handle = idempotent(
    deps.db,
    { outbox, processedEvents },
    'inbox.campaign-events',
    async (tx, event, info) => {
      const handler = HANDLERS[event.type];
      if (!handler) throw new Error(`no handler for ${event.type}`);
      await handler(deps, tx, event, info.headers[REQUEST_ID_METADATA]);
    },
    // The events the handler records are published once its transaction commits, not at the next poll.
    deps.events,
  );
  await bus.subscribe({ queue: QUEUES.inboxCampaigns, bindings: Object.keys(HANDLERS) }, handle);
}
