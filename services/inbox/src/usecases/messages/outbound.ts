import { BOT_SERVICE_PRINCIPAL, CAMPAIGNS_SERVICE_PRINCIPAL } from '@inbox/contracts';
import { conflict, newId, notFound, transactThenPublish, type CallerContext, type Db } from '@inbox/platform';
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
import { recordSendAccepted, recordSendFailure, type OnAccepted, type StoredOutbound } from './send-outcome';

/** The principal the campaigns service calls as (a SERVICE caller; its survey questions are the campaign's). */

/** The campaigns service sending for one organization (survey questions). */
export const isCampaignCaller = (caller: CallerContext): boolean =>
  caller.kind === 'SERVICE' && caller.principalId === CAMPAIGNS_SERVICE_PRINCIPAL && caller.orgId > 0;

/** The inbox's own bot answering a customer for one organization (never a gRPC caller). */
export const isBotCaller = (caller: CallerContext): boolean =>
  caller.kind === 'SERVICE' && caller.principalId === BOT_SERVICE_PRINCIPAL && caller.orgId > 0;

/**
 * Who an outbound message is from: the campaign when the campaigns service sends it, the bot, the
 * user behind the call, or the system for a key without one.
 */
export const senderOf = (caller: CallerContext) =>
  isCampaignCaller(caller)
    ? ({ sender: 'campaign', senderUserId: null } as const)
    : isBotCaller(caller)
      ? ({ sender: 'bot', senderUserId: null } as const)
      : caller.userId
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
): Promise<StoredOutbound> {
  const now = deps.now();
  const result = await transactThenPublish(deps, async (tx) => {
    const conversation = await conversationsRepository.lock(tx, caller.orgId, conversationId);
    if (!conversation) throw notFound('Conversation');
    checkSendable(conversation, now);
    const message = await insertOutbound(deps, tx, caller, conversation, fields, preview);
    return { message, conversation };
  });
  return result;
}

/**
 * The message stored PENDING on a conversation the caller's transaction has locked and checked,
 * with the conversation's last-message fields. A campaign's message (a survey question) and the
 * bot's need what an agent's does (an active conversation, an open window) but move nothing: no
 * status change, no assignment.
 */
export async function insertOutbound(
  deps: InboxDeps,
  tx: Db,
  caller: CallerContext,
  conversation: ConversationRow,
  fields: OutboundFields,
  preview: string | null,
): Promise<MessageRow> {
  const now = deps.now();
  const { sender, senderUserId } = senderOf(caller);
  const message = await messagesRepository.insert(tx, {
    ...fields,
    id: fields.id ?? newId(),
    orgId: caller.orgId,
    conversationId: conversation.id,
    direction: 'outbound',
    sender,
    senderUserId,
    status: 'PENDING',
    createdAt: now,
    updatedAt: now,
  });
  if (sender !== 'campaign' && sender !== 'bot') {
    const change = { deps, tx, origin: caller, actorId: actorOf(caller), by: sender };
    await applyAction(change, conversation, 'agent_message');
  }
  await conversationsRepository.update(tx, caller.orgId, conversation.id, {
    lastMessageAt: now,
    lastMessagePreview: preview === null ? null : previewOf(preview),
    lastMessageDirection: 'outbound',
    updatedAt: now,
  });
  return message;
}

/** Calls the platform for one stored message; the options carry its callback data. */
export type PlatformSend = (options: { bizOpaqueCallbackData: string }) => Promise<SendResult>;

/**
 * Calls the platform for a stored PENDING message and records the outcome: SENT with the wamid and
 * `message.sent`, or FAILED with the platform's code (OUTCOME_UNKNOWN when nobody can tell). The
 * message id travels as `biz_opaque_callback_data`, so status webhooks find the message even when
 * the send's answer was lost. Answers the message in its final state. `onAccepted` adds what an
 * accepted send changes besides the message, in the outcome's transaction.
 */
export async function deliverOutbound(
  deps: InboxDeps,
  caller: CallerContext,
  stored: StoredOutbound,
  send: PlatformSend,
  onAccepted?: OnAccepted,
): Promise<MessageRow> {
  let result: SendResult;
  try {
    result = await send({ bizOpaqueCallbackData: stored.message.id });
  } catch (error) {
    const failed = await recordSendFailure(deps, caller, stored, error);
    // A platform refusal or an unknown outcome is what the agent sees on the message; anything else is a bug.
    if (!(error instanceof CloudApiError)) throw error;
    deps.logger.warn(
      {
        messageId: stored.message.id,
        code: error.code,
        title: error.title,
        outcomeUnknown: error.outcomeUnknown,
      },
      error.outcomeUnknown ? 'send outcome unknown: not retried' : 'the platform refused a message',
    );
    return failed;
  }
  return recordSendAccepted(deps, caller, stored, result, onAccepted);
}
