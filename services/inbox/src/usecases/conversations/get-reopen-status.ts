import { notFound } from '@inbox/platform';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { isWindowOpen, windowExpiresAt } from '../../domain/reply-window';
import { requireOrganization } from '../access';

export interface ReopenStatus {
  canReopen: boolean;
  reason: 'NOT_CLOSED' | 'NEWER_ACTIVE_CONVERSATION' | null;
  /** Whether free-form messages may be sent after reopening; otherwise only templates. */
  windowOpen: boolean;
  windowExpiresAt: Date | null;
}

export async function getReopenStatus(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
): Promise<ReopenStatus> {
  requireOrganization(caller);
  const row = await conversationsRepository.find(deps.db, caller.orgId, id);
  if (!row) throw notFound('Conversation');
  const window = {
    windowOpen: isWindowOpen(row.lastCustomerMessageAt, deps.now()),
    windowExpiresAt: windowExpiresAt(row.lastCustomerMessageAt),
  };
  if (row.status !== 'CLOSED') return { canReopen: false, reason: 'NOT_CLOSED', ...window };
  if (await conversationsRepository.activeSibling(deps.db, caller.orgId, row.waId, row.id))
    return { canReopen: false, reason: 'NEWER_ACTIVE_CONVERSATION', ...window };
  return { canReopen: true, reason: null, ...window };
}
