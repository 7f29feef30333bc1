import { DIRECTORY_EVENTS, directoryEventSchemas, QUEUES, type EventEnvelope } from '@inbox/contracts';
import { idempotent, REQUEST_ID_METADATA, type Db, type EventBus } from '@inbox/platform';
import { outbox, processedEvents } from '../db/schema';
import type { InboxDeps } from '../deps';
import { systemOrigin } from '../events';
import { releaseDeletedUserConversations } from '../usecases/conversations/release-deleted-user-conversations';
import { removeDeletedTag } from '../usecases/conversations/remove-deleted-tag';

type Handler = (deps: InboxDeps, tx: Db, event: EventEnvelope, requestId?: string) => Promise<unknown>;

/** One handler per bound event type: the bindings are derived from this table, so none is left without one. */
const HANDLERS: Record<string, Handler> = {
  [DIRECTORY_EVENTS.tagDeleted]: (deps, tx, event, requestId) => {
    const data = directoryEventSchemas[DIRECTORY_EVENTS.tagDeleted].parse(event.data);
    return removeDeletedTag(deps, tx, systemOrigin(event.orgId, requestId), data.tagId, data.actorId);
  },
  [DIRECTORY_EVENTS.userDeleted]: (deps, tx, event, requestId) => {
    const data = directoryEventSchemas[DIRECTORY_EVENTS.userDeleted].parse(event.data);
    return releaseDeletedUserConversations(
      deps,
      tx,
      systemOrigin(event.orgId, requestId),
      data.userId,
      data.actorId,
    );
  },
};

/** Directory changes the inbox must follow: deleted tags leave conversations, deleted users' conversations are released. */
export async function subscribeDirectoryEvents(deps: InboxDeps, bus: EventBus): Promise<void> {
  const handle = idempotent(
    deps.db,
    { outbox, processedEvents },
    'inbox.directory-events',
    async (tx, event, info) => {
      const handler = HANDLERS[event.type];
      if (!handler) throw new Error(`no handler for ${event.type}`);
      await handler(deps, tx, event, info.headers[REQUEST_ID_METADATA]);
    },
    // The events the handler records are published once its transaction commits, not at the next poll.
    deps.events,
  );
  await bus.subscribe({ queue: QUEUES.inboxDirectory, bindings: Object.keys(HANDLERS) }, handle);
}
