import { isUniqueViolation, newId } from '@inbox/platform';
import { quickRepliesRepository, type QuickReplyRow } from '../../db/repositories/quick-replies.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireAdmin, requireOrganization } from '../access';
import { checkNewQuickReply, shortcutTaken, type NewQuickReply } from './quick-reply-input';

export async function createQuickReply(
  deps: InboxDeps,
  caller: CallerContext,
  input: NewQuickReply,
): Promise<QuickReplyRow> {
  requireOrganization(caller);
  requireAdmin(caller);
  const fields = checkNewQuickReply(input);
  const now = deps.now();
  try {
    // One statement: the unique index on lower(shortcut) decides races, no look-up first.
    return await quickRepliesRepository.insert(deps.db, {
      id: newId(),
      orgId: caller.orgId,
      shortcut: fields.shortcut,
      label: fields.label,
      text: fields.text,
      active: fields.active ?? true,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw shortcutTaken(fields.shortcut);
    throw error;
  }
}
