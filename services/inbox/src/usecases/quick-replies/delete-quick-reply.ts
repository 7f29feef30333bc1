import { notFound } from '@inbox/platform';
import { quickRepliesRepository } from '../../db/repositories/quick-replies.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireAdmin, requireOrganization } from '../access';
import { discardBlob } from './quick-reply-media';

export async function deleteQuickReply(deps: InboxDeps, caller: CallerContext, id: string): Promise<void> {
  requireOrganization(caller);
  requireAdmin(caller);
  await deleteQuickReplyOf(deps, caller.orgId, id);
}

/** Deletes the row, then its blob: a crash in between leaves an unreferenced file, never a dangling reference. */
export async function deleteQuickReplyOf(deps: InboxDeps, orgId: number, id: string): Promise<void> {
  const deleted = await quickRepliesRepository.delete(deps.db, orgId, id);
  if (!deleted) throw notFound('Quick reply');
  if (deleted.mediaBlobKey) await discardBlob(deps, deleted.mediaBlobKey);
}
