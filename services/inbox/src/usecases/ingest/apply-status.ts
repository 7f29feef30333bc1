import { campaignRecipientOf, INBOX_EVENTS } from '@inbox/contracts';
import { DomainError, transactThenPublish } from '@inbox/platform';
import type { MessageStatus as StatusUpdate } from '@inbox/whatsapp';
import { contactsRepository } from '../../db/repositories/contacts.repository';
import { ingestRepository } from '../../db/repositories/ingest.repository';
import type { InboxDeps } from '../../deps';
import { decideStatus, type StatusDecision } from '../../domain/message-status';
import { mayStillBeStored } from '../../domain/unknown-status';
import { systemOrigin } from '../../events';

export interface ApplyStatusInput {
  orgId: number;
  status: StatusUpdate;
  requestId?: string;
  /** When the gateway accepted the webhook; without it, the status's own time stands in. */
  receivedAt?: Date;
}

/**
 * The status webhook may have arrived before the send stored the platform's message id (the
 * platform can answer the send and report on it at the same moment). The bus retries with backoff.
 */
export const messageNotStoredYet = (providerMessageId: string) =>
  new DomainError(
    'unavailable',
    'MESSAGE_NOT_STORED_YET',
    `No message with provider id ${providerMessageId} yet`,
  );

/**
 * Moves an outbound message's status forward from a status webhook (domain/message-status.ts).
 * The conversation's own status does not change on delivery reports; a template message failing
 * takes back the inbox category it left for the reply. A status about a message not stored is
 * retried for a grace period, then dropped with a log line: undefined. A campaign send's status
 * (campaign callback data) is skipped before any database work: undefined.
 */
export async function applyStatus(
  deps: InboxDeps,
  input: ApplyStatusInput,
): Promise<StatusDecision | undefined> {
  const { orgId, status } = input;
  // A campaign's send (its callback data names a recipient): the campaigns service keeps its
  // statuses. Not stored here under that id yet, it would be retried for a minute for nothing.
  if (campaignRecipientOf(status.biz_opaque_callback_data) !== undefined) {
    deps.logger.debug(
      { orgId, providerMessageId: status.id },
      'status of a campaign send; left to campaigns',
    );
    return undefined;
  }
  const at = new Date(Number(status.timestamp) * 1000);
  const outcome = await transactThenPublish(deps, async (tx) => {
    const callbackData = status.biz_opaque_callback_data;
    const found = await ingestRepository.findMessageForStatus(tx, orgId, status.id, callbackData);
    if (!found) return undefined;
    const { message, waId } = found;
    // Found by its callback data: the send's answer was lost, and this is how the message learns its id.
    const learnsId = message.providerMessageId === null ? { providerMessageId: status.id } : {};
    const decision = decideStatus(message.status, status.status, message.errorCode);
    if (decision.kind !== 'advance') {
      if (message.providerMessageId === null)
        await ingestRepository.updateMessage(tx, orgId, message.id, { ...learnsId, updatedAt: deps.now() });
      return { decision, message };
    }
    const error = decision.to === 'FAILED' ? status.errors?.[0] : undefined;
    await ingestRepository.updateMessage(tx, orgId, message.id, {
      status: decision.to,
      providerTimestamp: at,
      ...learnsId,
      ...(error ? { errorCode: error.code, errorTitle: error.title ?? error.message ?? null } : {}),
      // Out of FAILED (an outcome nobody knew): the platform's word replaces ours.
      ...(decision.to !== 'FAILED' && message.status === 'FAILED'
        ? { errorCode: null, errorTitle: null }
        : {}),
      updatedAt: deps.now(),
    });
    // WhatsApp took the template but could not deliver it: the customer will not answer it.
    if (decision.to === 'FAILED' && message.type === 'template')
      await contactsRepository.clearPendingTemplateCategoryOf(tx, orgId, waId, message.id);
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
  if (!outcome) {
    if (mayStillBeStored(input.receivedAt ?? at, deps.now())) throw messageNotStoredYet(status.id);
    deps.logger.info(
      { orgId, providerMessageId: status.id, status: status.status },
      'status about a message this inbox never stored (another tool on the number?); dropped',
    );
    return undefined;
  }
  const { decision, message } = outcome;
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
