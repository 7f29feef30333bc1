import type { InboxDeps } from '../deps';
import { retryMedia } from '../usecases/media/retry-media';
import { listMessages } from '../usecases/messages/list-messages';
import { reactToMessage } from '../usecases/messages/react-to-message';
import { sendMessage } from '../usecases/messages/send-message';
import { sendTemplateMessage } from '../usecases/messages/send-template-message';
import { toggleHide } from '../usecases/messages/toggle-hide';
import { encodeMessage, type InboxImpl } from './encode';

export const messageHandlers = (deps: InboxDeps) =>
  ({
    ListMessages: async ({ conversationId, cursor, limit }, caller) => {
      const page = await listMessages(deps, caller, { conversationId, cursor, limit });
      return { data: page.rows.map(encodeMessage), nextCursor: page.nextCursor ?? undefined };
    },
    SendMessage: async (req, caller) => encodeMessage(await sendMessage(deps, caller, req)),
    React: async ({ messageId, emoji }, caller) =>
      encodeMessage(await reactToMessage(deps, caller, { messageId, emoji })),
    RetryMedia: async ({ id }, caller) => encodeMessage(await retryMedia(deps, caller, id)),
    ToggleHide: async ({ id }, caller) => encodeMessage(await toggleHide(deps, caller, id)),
    SendTemplateMessage: async (req, caller) => {
      const to = req.to === 'phone' ? { phone: req.phone } : { conversationId: req.conversationId };
      const sent = await sendTemplateMessage(deps, caller, { ...req, ...to });
      return { message: encodeMessage(sent.message), conversationCreated: sent.conversationCreated };
    },
  }) satisfies Partial<InboxImpl>;
