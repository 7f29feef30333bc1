import type { ConversationSummaryRow } from '../../db/repositories/conversations.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { loadContactTimeline, type TimelineEntry } from './get-timeline';

export interface ContactHistory {
  waId: string;
  conversationCount: number;
  messageCount: number;
  firstContactAt: Date | null;
  lastContactAt: Date | null;
  /** Most frequent first; conversations without a category are not counted. */
  categories: Array<{ category: string; count: number }>;
  /** The other conversations, newest first. */
  conversations: TimelineEntry[];
}

const lastActivity = (s: ConversationSummaryRow) => (s.lastMessageAt ?? s.createdAt).getTime();

/** What the contact's OTHER conversations add up to: context for the agent handling this one. */
export async function getContactHistory(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
): Promise<ContactHistory> {
  const { waId, entries } = await loadContactTimeline(deps, caller, id);
  const others = entries.filter((s) => !s.current);
  const counts = new Map<string, number>();
  for (const s of others) if (s.category) counts.set(s.category, (counts.get(s.category) ?? 0) + 1);
  return {
    waId,
    conversationCount: others.length,
    messageCount: others.reduce((sum, s) => sum + s.messageCount, 0),
    firstContactAt: others.length ? new Date(Math.min(...others.map((s) => s.createdAt.getTime()))) : null,
    lastContactAt: others.length ? new Date(Math.max(...others.map(lastActivity))) : null,
    categories: [...counts]
      .map(([category, count]) => ({ category, count }))
      .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category)),
    conversations: others,
  };
}
