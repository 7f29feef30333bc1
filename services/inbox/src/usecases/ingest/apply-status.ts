import { INBOX_EVENTS } from '@inbox/contracts';
import { DomainError } from '@inbox/platform';
import type { MessageStatus as StatusUpdate } from '@inbox/whatsapp';
import { ingestRepository } from '../../db/repositories/ingest.repository';
import type { InboxDeps } from '../../deps';
import { decideStatus, type StatusDecision } from '../../domain/message-status';
import { systemOrigin } from '../../events';

export interface ApplyStatusInput {
  orgId: number;
  status: StatusUpdate;
  requestId?: string;
}

/**
 * The status webhook arrived before the send stored the platform's message id (the platform can
 * answer the send and report on it at the same moment). The bus retries with backoff.
 */
export const messageNotStoredYet = (providerMessageId: string) =>
  new DomainError(
    'unavailable',
    'MESSAGE_NOT_STORED_YET',
    `No message with provider id ${providerMessageId} yet`,
  );

/**
 * Moves an outbound message's status forward from a status webhook (domain/message-status.ts).
 * The conversation's own status does not change on delivery reports.
 */
export async function applyStatus(deps: InboxDeps, input: ApplyStatusInput): Promise<StatusDecision> {
  const { orgId, status } = input;
  const at = new Date(Number(status.timestamp) * 1000);
  const outcome = await deps.db.transaction(async (tx) => {
    const found = await ingestRepository.findMessageForStatus(tx, orgId, status.id);
    if (!found) return undefined;
    const { message, waId } = found;
    const decision = decideStatus(message.status, status.status);
    if (decision.kind !== 'advance') return { decision, message };
    const error = decision.to === 'FAILED' ? status.errors?.[0] : undefined;
    await ingestRepository.updateMessage(tx, orgId, message.id, {
      status: decision.to,
      providerTimestamp: at,
      ...(error ? { errorCode: error.code, errorTitle: error.title ?? error.message ?? null } : {}),
      updatedAt: deps.now(),
    });
    const { pricing } = status;
    await deps.events.record(tx, systemOrigin(orgId, input.requestId), INBOX_EVENTS.messageStatusChanged, {
      conversationId: message.conversationId,
      waId,
      messageId: message.id,
      providerMessageId: status.id,
      from: message.status,
      to: decision.to,
      at: at.toISOString(),
      errorCode: error?.code ?? null,
      pricing: pricing
        ? { category: pricing.category, type: pricing.type, billable: pricing.billable }
        : null,
    });
    return { decision, message };
  });
  if (!outcome) throw messageNotStoredYet(status.id);
  const { decision, message } = outcome;
  if (decision.kind === 'advance') deps.events.flush();
  if (decision.kind === 'ignored') {
    deps.logger.warn(
      {
        orgId,
        messageId: message.id,
        providerMessageId: status.id,
        current: message.status,
        reported: status.status,
        reason: decision.reason,
        errors: status.errors,
      },
      'status webhook ignored',
    );
  }
  return decision;
}
