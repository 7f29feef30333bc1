import { notFound } from '@inbox/platform';
import {
  conversationsRepository,
  type ConversationSummaryRow,
} from '../../db/repositories/conversations.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireOrganization } from '../access';

export interface TimelineEntry extends ConversationSummaryRow {
  /** The conversation the timeline was asked for. */
  current: boolean;
}

/** The conversation's contact and every conversation of that contact (this one included), newest first. */
export async function loadContactTimeline(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
): Promise<{ waId: string; entries: TimelineEntry[] }> {
  requireOrganization(caller);
  const row = await conversationsRepository.find(deps.db, caller.orgId, id);
  if (!row) throw notFound('Conversation');
  const summaries = await conversationsRepository.summariesOfContact(deps.db, caller.orgId, row.waId);
  return { waId: row.waId, entries: summaries.map((s) => ({ ...s, current: s.id === id })) };
}

export async function getTimeline(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
): Promise<TimelineEntry[]> {
  return (await loadContactTimeline(deps, caller, id)).entries;
}
