import { INBOX_EVENTS } from '@inbox/contracts';
import type { Db, EventOrigin } from '@inbox/platform';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import type { InboxDeps } from '../../deps';

/** The directory deleted a tag: it leaves every conversation of that organization (inside the consumer's transaction). */
export async function removeDeletedTag(
  deps: InboxDeps,
  tx: Db,
  origin: EventOrigin,
  tagId: string,
  actorId: string | null,
): Promise<number> {
  const touched = await conversationsRepository.removeTagEverywhere(tx, origin.orgId, tagId);
  for (const c of touched)
    await deps.events.record(tx, origin, INBOX_EVENTS.conversationUpdated, {
      conversationId: c.id,
      waId: c.waId,
      changes: ['tagIds'],
      actorId,
    });
  return touched.length;
}
