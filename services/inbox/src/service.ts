import type * as grpc from '@grpc/grpc-js';
import { loadServiceDefinition } from '@inbox/contracts';
import type { ServiceBinding } from '@inbox/platform';
import type { InboxDeps } from './deps';
import { botHandlers } from './grpc/bot.handlers';
import { contactHandlers } from './grpc/contacts.handlers';
import { conversationActionHandlers } from './grpc/conversation-actions.handlers';
import { conversationQueryHandlers } from './grpc/conversation-queries.handlers';
import type { InboxImpl } from './grpc/encode';
import { historyHandlers } from './grpc/history.handlers';
import { messageHandlers } from './grpc/messages.handlers';
import { quickReplyHandlers } from './grpc/quick-replies.handlers';
import { settingsHandlers } from './grpc/settings.handlers';

export function inboxServiceDefinition(): grpc.ServiceDefinition {
  return loadServiceDefinition('inbox.v1.InboxService');
}

export function inboxBinding(deps: InboxDeps): ServiceBinding {
  const implementation: InboxImpl = {
    ...contactHandlers(deps),
    ...conversationQueryHandlers(deps),
    ...conversationActionHandlers(deps),
    ...messageHandlers(deps),
    ...quickReplyHandlers(deps),
    ...settingsHandlers(deps),
    ...botHandlers(deps),
    ...historyHandlers(deps),
  };
  return {
    definition: inboxServiceDefinition(),
    implementation,
  };
}
