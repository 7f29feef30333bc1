import { notFound } from '@inbox/platform';
import { quickRepliesRepository, type QuickReplyRow } from '../../db/repositories/quick-replies.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireAdmin, requireOrganization } from '../access';
import { discardBlob } from './quick-reply-media';

/** Detaches the media and deletes its blob; a quick reply without media is answered as it is. */
export async function removeQuickReplyMedia(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
): Promise<QuickReplyRow> {
  requireOrganization(caller);
  requireAdmin(caller);
  const { row, previousKey } = await deps.db.transaction(async (tx) => {
    const current = await quickRepliesRepository.lock(tx, caller.orgId, id);
    if (!current) throw notFound('Quick reply');
    if (!current.mediaBlobKey) return { row: current, previousKey: null };
    const updated = await quickRepliesRepository.setMedia(tx, caller.orgId, id, null, deps.now());
    return { row: updated!, previousKey: current.mediaBlobKey };
  });
  // After the commit: the row never names a blob that is already gone.
  if (previousKey) await discardBlob(deps, previousKey);
  return row;
}
