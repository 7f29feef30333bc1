import { DEFAULT_CONVERSATION_SORT, PAGE_SIZE } from '@inbox/contracts';
import { invalid } from '@inbox/platform';
import { conversationQueriesRepository } from '../../db/repositories/conversation-queries.repository';
import { loadConversationViews, type ConversationView } from '../../db/repositories/conversation-views';
import type { CallerContext, InboxDeps } from '../../deps';
import {
  CONVERSATION_SORTS,
  decodeCursor,
  encodeCursor,
  type ConversationSort,
} from '../../domain/conversation-cursor';
import { requireOrganization } from '../access';
import { parseConversationFilter, type ConversationFilterInput } from './conversation-filter';

export interface ListConversationsInput {
  filter?: ConversationFilterInput | null;
  cursor?: string;
  /** 0 or absent: the default page size. */
  limit?: number;
  /** Empty or absent: newest. */
  sort?: string;
}

export interface ConversationPage {
  data: ConversationView[];
  nextCursor: string | null;
}

function checkPaging(input: ListConversationsInput): { sort: ConversationSort; limit: number } {
  const sort = input.sort || DEFAULT_CONVERSATION_SORT;
  if (!(CONVERSATION_SORTS as readonly string[]).includes(sort))
    throw invalid('VALIDATION_FAILED', 'Unknown sort', [
      { path: 'sort', message: `One of ${CONVERSATION_SORTS.join(', ')}` },
    ]);
  const limit = input.limit || PAGE_SIZE.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_SIZE.max)
    throw invalid('VALIDATION_FAILED', 'The page size is out of range', [
      { path: 'limit', message: `From 1 to ${PAGE_SIZE.max}` },
    ]);
  return { sort: sort as ConversationSort, limit };
}

/** One page of the inbox: three queries whatever the page size (rows, then contacts and tags). */
export async function listConversations(
  deps: InboxDeps,
  caller: CallerContext,
  input: ListConversationsInput,
): Promise<ConversationPage> {
  requireOrganization(caller);
  const { sort, limit } = checkPaging(input);
  const filter = parseConversationFilter(input.filter, caller);
  const cursor = input.cursor ? decodeCursor(input.cursor, sort) : null;
  const { rows, next } = await conversationQueriesRepository.page(deps.db, caller.orgId, {
    filter,
    sort,
    cursor,
    limit,
    now: deps.now(),
  });
  return {
    data: await loadConversationViews(deps.db, caller.orgId, rows),
    nextCursor: next ? encodeCursor(next) : null,
  };
}
