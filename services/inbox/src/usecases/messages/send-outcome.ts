import { INBOX_EVENTS, OUTCOME_UNKNOWN } from '@inbox/contracts';
import { transactThenPublish, type CallerContext, type Db } from '@inbox/platform';
import { CloudApiError, type SendResult } from '@inbox/whatsapp';
import type { ConversationRow } from '../../db/repositories/conversation-views';
import { messagesRepository, type MessageRow } from '../../db/repositories/messages.repository';
import type { InboxDeps } from '../../deps';
import { decideStatus } from '../../domain/message-status';
import { actorOf } from '../access';

export interface StoredOutbound {
  message: MessageRow;
  conversation: ConversationRow;
}

/** What a failed send leaves on the message: the platform's refusal, or "nobody knows". */
function failureOf(error: unknown): { errorCode: number; errorTitle: string } {
  if (!(error instanceof CloudApiError)) return { errorCode: 0, errorTitle: 'Internal error' };
  if (error.outcomeUnknown) return { errorCode: OUTCOME_UNKNOWN.code, errorTitle: OUTCOME_UNKNOWN.title };
  return { errorCode: error.code, errorTitle: error.title };
}

/**
 * FAILED with the reason, unless a status webhook (matched by the callback data) already told what
 * happened: then the message keeps what the platform said.
 */
export async function recordSendFailure(
  deps: InboxDeps,
  caller: CallerContext,
  { message, conversation }: StoredOutbound,
  error: unknown,
): Promise<MessageRow> {
  const failed = await transactThenPublish(deps, async (tx) => {
    const row = await messagesRepository.lock(tx, caller.orgId, message.id);
    if (!row || row.status !== 'PENDING') return row;
    const updated = await messagesRepository.update(tx, caller.orgId, message.id, {
      status: 'FAILED',
      ...failureOf(error),
      updatedAt: deps.now(),
    });
    await deps.events.record(tx, caller, INBOX_EVENTS.messageUpdated, {
      conversationId: conversation.id,
      waId: conversation.waId,
      messageId: message.id,
      changes: ['status'],
      actorId: actorOf(caller),
    });
    return updated;
  });
  return failed ?? message;
}

/**
 * What else a send's acceptance changes, in the same transaction as the message (a template's
 * inbox category). Not called when a status webhook already said the message failed.
 */
export type OnAccepted = (tx: Db, accepted: { result: SendResult; at: Date }) => Promise<void>;

/**
 * The platform accepted the send: its message id is stored and the message moves to SENT — from
 * PENDING, or from FAILED with OUTCOME_UNKNOWN (the sweeper gave up on a call that did succeed).
 * A status webhook that got there first (by the callback data) is never moved back.
 */
export async function recordSendAccepted(
  deps: InboxDeps,
  caller: CallerContext,
  { message, conversation }: StoredOutbound,
  result: SendResult,
  onAccepted?: OnAccepted,
): Promise<MessageRow> {
  const sentAt = deps.now();
  const sent = await transactThenPublish(deps, async (tx) => {
    const row = await messagesRepository.lock(tx, caller.orgId, message.id);
    if (!row) return undefined;
    const decision = decideStatus(row.status, 'sent', row.errorCode);
    const updated = await messagesRepository.update(tx, caller.orgId, message.id, {
      providerMessageId: result.wamid,
      ...(decision.kind === 'advance'
        ? { status: 'SENT', errorCode: null, errorTitle: null, providerTimestamp: sentAt }
        : {}),
      updatedAt: sentAt,
    });
    await deps.events.record(tx, caller, INBOX_EVENTS.messageSent, {
      conversationId: conversation.id,
      waId: conversation.waId,
      messageId: message.id,
      providerMessageId: result.wamid,
      type: message.type,
      sender: message.sender,
      senderUserId: message.senderUserId,
      sentAt: sentAt.toISOString(),
    });
    if (onAccepted && updated && updated.status !== 'FAILED') await onAccepted(tx, { result, at: sentAt });
    return updated;
  });
  return sent ?? message;
}
