import type { ClassificationEngine } from '@inbox/contracts';
import { notFound, type CallerContext, type Db } from '@inbox/platform';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import { messagesRepository } from '../../db/repositories/messages.repository';
import type { InboxDeps } from '../../deps';
import { requireOrganization } from '../access';
import { applyFields } from '../conversations/conversation-changes';
import { mutateConversation } from '../conversations/mutate-conversation';
import { loadBotConfig } from './bot-config';

/** What classification reads of a conversation: its customer's latest messages, enough to tell the topic. */
export const CLASSIFY_TEXTS = 50;

/** The texts of the conversation's latest customer messages (oldest first), the ones that have text. */
export async function customerTexts(
  db: Db,
  orgId: number,
  conversationId: string,
  limit = CLASSIFY_TEXTS,
): Promise<string[]> {
  return messagesRepository.latestCustomerTexts(db, orgId, conversationId, limit);
}

export interface Classification {
  /** The category found (null: none of the organization's categories fits; nothing changed). */
  category: string | null;
  confidence: number;
  source: 'ai';
  previousCategory: string | null;
  engine: ClassificationEngine;
}

/**
 * POST /conversations/{id}/re-classify: classifies the customer's messages against the
 * organization's categories and stores the category found (source `ai`, with its confidence).
 * When nothing fits, the conversation keeps its category. A CLOSED conversation is classified too:
 * its category feeds the reports.
 */
export async function reclassifyConversation(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
): Promise<Classification> {
  requireOrganization(caller);
  const conversation = await conversationsRepository.find(deps.db, caller.orgId, id);
  if (!conversation) throw notFound('Conversation');
  const config = await loadBotConfig(deps.db, caller.orgId);
  const texts = await customerTexts(deps.db, caller.orgId, id);
  const result = await deps.intelligence.classifyCategory(config, texts);
  let previousCategory = conversation.category;
  if (result.category) {
    const category = result.category;
    await mutateConversation(deps, caller, id, async (ctx, row) => {
      previousCategory = row.category;
      await applyFields(ctx, row, { category }, 'ai', result.confidence);
    });
  }
  return {
    category: result.category,
    confidence: result.confidence,
    source: 'ai',
    previousCategory,
    engine: result.engine,
  };
}
