import { INBOX_EVENTS } from '@inbox/contracts';
import { conflict, newId, notFound, type CallerContext } from '@inbox/platform';
import { CloudApiError, type SendResult } from '@inbox/whatsapp';
import type { ConversationRow } from '../../db/repositories/conversation-views';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import {
  messagesRepository,
  type MessageRow,
  type NewMessage,
} from '../../db/repositories/messages.repository';
import { previewOf } from '../../domain/inbound-content';
import { transition, type ConversationState, type ConversationStatus } from '../../domain/conversation-state';
import { isWindowOpen } from '../../domain/reply-window';
import type { InboxDeps } from '../../deps';
import { actorOf } from '../access';
import { applyAction } from '../conversations/conversation-changes';

/** Who an outbound message is from: the user behind the call, or the system for a key without one. */
export const senderOf = (caller: CallerContext) =>
  caller.userId
    ? ({ sender: 'agent', senderUserId: caller.userId } as const)
    : ({ sender: 'system', senderUserId: null } as const);

export const windowClosed = () =>
  conflict(
    'WINDOW_CLOSED',
    'The 24-hour reply window is closed: the customer has not written in the last 24 hours; send a template instead',
  );

export function requireWindowOpen(conversation: ConversationRow, now: Date): void {
  if (!isWindowOpen(conversation.lastCustomerMessageAt, now)) throw windowClosed();
}

/** The state an agent's message moves the conversation to; refuses a CLOSED one or a closed window. */
export function checkSendable(conversation: ConversationRow, now: Date): ConversationState {
  const next = transition(
    { status: conversation.status as ConversationStatus, assignedTo: conversation.assignedTo },
    'agent_message',
  );
  requireWindowOpen(conversation, now);
  return next;
}

/** The columns that differ between kinds of outbound message. */
export type OutboundFields = Omit<
  NewMessage,
  'id' | 'orgId' | 'conversationId' | 'direction' | 'sender' | 'senderUserId' | 'status'
> & { id?: string };

/**
 * One transaction: the message stored PENDING, the conversation moved ('agent_message') with its
 * last-message fields, and the events. The platform is called only after this commits.
 */
export async function storeOutbound(
  deps: InboxDeps,
  caller: CallerContext,
  conversationId: string,
  fields: OutboundFields,
  preview: string | null,
): Promise<{ message: MessageRow; conversation: ConversationRow }> {
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const conversation = await conversationsRepository.lock(tx, caller.orgId, conversationId);
    if (!conversation) throw notFound('Conversation');
    checkSendable(conversation, now);
    const { sender, senderUserId } = senderOf(caller);
    const message = await messagesRepository.insert(tx, {
      ...fields,
      id: fields.id ?? newId(),
      orgId: caller.orgId,
      conversationId,
      direction: 'outbound',
      sender,
      senderUserId,
      status: 'PENDING',
      createdAt: now,
      updatedAt: now,
    });
    const change = { deps, tx, origin: caller, actorId: actorOf(caller), by: sender };
    await applyAction(change, conversation, 'agent_message');
    await conversationsRepository.update(tx, caller.orgId, conversationId, {
      lastMessageAt: now,
      lastMessagePreview: preview === null ? null : previewOf(preview),
      lastMessageDirection: 'outbound',
      updatedAt: now,
    });
    return { message, conversation };
  });
  deps.events.flush();
  return result;
}

/**
 * Calls the platform for a stored PENDING message and records the outcome: SENT with the wamid and
 * `message.sent`, or FAILED with the platform's code. Answers the message in its final state.
 */
export async function deliverOutbound(
  deps: InboxDeps,
  caller: CallerContext,
  stored: { message: MessageRow; conversation: ConversationRow },
  send: () => Promise<SendResult>,
): Promise<MessageRow> {
  const { message, conversation } = stored;
  const ref = { conversationId: conversation.id, waId: conversation.waId, messageId: message.id };
  let result: SendResult;
  try {
    result = await send();
  } catch (error) {
    const known = error instanceof CloudApiError;
    const failed = await deps.db.transaction(async (tx) => {
      const row = await messagesRepository.update(tx, caller.orgId, message.id, {
        status: 'FAILED',
        errorCode: known ? error.code : 0,
        errorTitle: known ? error.title : 'Internal error',
        updatedAt: deps.now(),
      });
      await deps.events.record(tx, caller, INBOX_EVENTS.messageUpdated, {
        ...ref,
        changes: ['status'],
        actorId: actorOf(caller),
      });
      return row;
    });
    deps.events.flush();
    // A platform refusal is an outcome the agent sees on the message; anything else is a bug.
    if (!known) throw error;
    deps.logger.warn(
      { messageId: message.id, code: error.code, title: error.title },
      'the platform refused a message',
    );
    return failed ?? message;
  }
  const sentAt = deps.now();
  const sent = await deps.db.transaction(async (tx) => {
    const row = await messagesRepository.update(tx, caller.orgId, message.id, {
      status: 'SENT',
      providerMessageId: result.wamid,
      providerTimestamp: sentAt,
      updatedAt: sentAt,
    });
    await deps.events.record(tx, caller, INBOX_EVENTS.messageSent, {
      ...ref,
      providerMessageId: result.wamid,
      type: message.type,
      sender: message.sender,
      senderUserId: message.senderUserId,
      sentAt: sentAt.toISOString(),
    });
    return row;
  });
  deps.events.flush();
  return sent ?? message;
}
