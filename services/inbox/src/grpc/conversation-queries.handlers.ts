import type { InboxDeps } from '../deps';
import { countCategories } from '../usecases/conversation-queries/count-categories';
import { countConversations } from '../usecases/conversation-queries/count-conversations';
import { listCategories } from '../usecases/conversation-queries/list-categories';
import { listConversations } from '../usecases/conversation-queries/list-conversations';
import { mergeCategories } from '../usecases/conversation-queries/merge-categories';
import { encodeConversation, type InboxImpl } from './encode';

export const conversationQueryHandlers = (deps: InboxDeps) =>
  ({
    ListConversations: async (req, caller) => {
      const page = await listConversations(deps, caller, req);
      return { data: page.data.map(encodeConversation), nextCursor: page.nextCursor ?? undefined };
    },
    CountConversations: async (req, caller) => {
      const counts = await countConversations(deps, caller, req);
      return {
        all: counts.all,
        unread: counts.unread,
        needsAction: counts.needsAction,
        needsActionWindowOpen: counts.needsActionWindowOpen,
      };
    },
    ListCategories: async (_req, caller) => ({ data: await listCategories(deps, caller) }),
    CountCategories: async (_req, caller) => ({ data: await countCategories(deps, caller) }),
    MergeCategories: async (req, caller) => mergeCategories(deps, caller, req),
  }) satisfies Partial<InboxImpl>;
