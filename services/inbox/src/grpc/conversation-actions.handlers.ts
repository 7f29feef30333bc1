import { CONVERSATION_CLEARABLE } from '@inbox/contracts';
import { clearedFields } from '@inbox/platform';
import type { InboxDeps } from '../deps';
import type { TimelineEntry } from '../usecases/conversations/get-timeline';
import { addConversationTag } from '../usecases/conversations/add-conversation-tag';
import { assignConversation } from '../usecases/conversations/assign-conversation';
import { clearFollowUp } from '../usecases/conversations/clear-follow-up';
import { getContactHistory } from '../usecases/conversations/get-contact-history';
import { getConversation } from '../usecases/conversations/get-conversation';
import { getReopenStatus } from '../usecases/conversations/get-reopen-status';
import { getTimeline } from '../usecases/conversations/get-timeline';
import { markConversationRead } from '../usecases/conversations/mark-conversation-read';
import { removeConversationTag } from '../usecases/conversations/remove-conversation-tag';
import { reopenConversation } from '../usecases/conversations/reopen-conversation';
import { resolveConversation } from '../usecases/conversations/resolve-conversation';
import { returnConversationToBot } from '../usecases/conversations/return-conversation-to-bot';
import { setFollowUp } from '../usecases/conversations/set-follow-up';
import { takeoverConversation } from '../usecases/conversations/takeover-conversation';
import { unassignConversation } from '../usecases/conversations/unassign-conversation';
import { updateConversation, type ConversationUpdate } from '../usecases/conversations/update-conversation';
import { encodeConversation, iso, opt, type InboxImpl, type Reply } from './encode';

const encodeSummary = (s: TimelineEntry): NonNullable<Reply<'GetTimeline'>['data']>[number] => ({
  id: s.id,
  status: s.status,
  category: opt(s.category),
  origin: s.origin,
  assignedTo: opt(s.assignedTo),
  messageCount: s.messageCount,
  createdAt: iso(s.createdAt),
  closedAt: iso(s.closedAt),
  lastMessageAt: iso(s.lastMessageAt),
  current: s.current,
});

export const conversationActionHandlers = (deps: InboxDeps) =>
  ({
    GetConversation: async ({ id }, caller) => encodeConversation(await getConversation(deps, caller, id)),
    UpdateConversation: async (
      { id, clear, status, assignedTo, teamId, category, handoffSummary },
      caller,
    ) => {
      const update: ConversationUpdate = {
        status,
        assignedTo,
        teamId,
        category,
        handoffSummary,
        ...clearedFields(clear, CONVERSATION_CLEARABLE),
      };
      return encodeConversation(await updateConversation(deps, caller, id, update));
    },
    Takeover: async ({ id }, caller) => encodeConversation(await takeoverConversation(deps, caller, id)),
    ReturnToBot: async ({ id, handoffSummary }, caller) =>
      encodeConversation(await returnConversationToBot(deps, caller, id, handoffSummary)),
    MarkRead: async ({ id }, caller) => encodeConversation(await markConversationRead(deps, caller, id)),
    Assign: async ({ id, userId }, caller) =>
      encodeConversation(await assignConversation(deps, caller, id, userId)),
    Unassign: async ({ id }, caller) => encodeConversation(await unassignConversation(deps, caller, id)),
    Resolve: async ({ id }, caller) => encodeConversation(await resolveConversation(deps, caller, id)),
    GetReopenStatus: async ({ id }, caller) => {
      const status = await getReopenStatus(deps, caller, id);
      return { ...status, reason: opt(status.reason), windowExpiresAt: iso(status.windowExpiresAt) };
    },
    Reopen: async ({ id }, caller) => encodeConversation(await reopenConversation(deps, caller, id)),
    SetFollowUp: async ({ id, note }, caller) =>
      encodeConversation(await setFollowUp(deps, caller, id, note)),
    ClearFollowUp: async ({ id }, caller) => encodeConversation(await clearFollowUp(deps, caller, id)),
    GetTimeline: async ({ id }, caller) => ({
      data: (await getTimeline(deps, caller, id)).map(encodeSummary),
    }),
    GetContactHistory: async ({ id }, caller) => {
      const history = await getContactHistory(deps, caller, id);
      return {
        ...history,
        firstContactAt: iso(history.firstContactAt),
        lastContactAt: iso(history.lastContactAt),
        conversations: history.conversations.map(encodeSummary),
      };
    },
    AddConversationTag: async ({ conversationId, tagId }, caller) =>
      encodeConversation(await addConversationTag(deps, caller, conversationId, tagId)),
    RemoveConversationTag: async ({ conversationId, tagId }, caller) =>
      encodeConversation(await removeConversationTag(deps, caller, conversationId, tagId)),
  }) satisfies Partial<InboxImpl>;
