import { isUniqueViolation, notFound } from '@inbox/platform';
import {
  quickRepliesRepository,
  type QuickReplyPatch,
  type QuickReplyRow,
} from '../../db/repositories/quick-replies.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireAdmin, requireOrganization } from '../access';
import { checkQuickReplyFields, shortcutTaken } from './quick-reply-input';

export async function updateQuickReply(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
  patch: QuickReplyPatch,
): Promise<QuickReplyRow> {
  requireOrganization(caller);
  requireAdmin(caller);
  const fields = checkQuickReplyFields(patch, false);
  try {
    const row =
      Object.keys(fields).length === 0
        ? await quickRepliesRepository.find(deps.db, caller.orgId, id)
        : await quickRepliesRepository.update(deps.db, caller.orgId, id, fields, deps.now());
    if (!row) throw notFound('Quick reply');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw shortcutTaken(fields.shortcut ?? '');
    throw error;
  }
}
