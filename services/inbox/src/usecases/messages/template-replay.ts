import { templateSendProblem } from '@inbox/contracts';
import { conflict, DomainError, type CallerContext } from '@inbox/platform';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import type { MessageRow } from '../../db/repositories/messages.repository';
import type { InboxDeps } from '../../deps';
import { canonical } from './send-message';
import type { TemplateRecipient } from './template-recipient';

/** What a template send asked WhatsApp for: a repeat is the same whatever our local labels say. */
export interface TemplateSendShape {
  name: string;
  /** Unset: any (a retry that left the language to the templates service). */
  language?: string;
  /** Unset with `text`: not compared (a retry answered before the template is resolved again). */
  components?: unknown[];
  text?: string;
}

export interface TemplateMessageSent {
  message: MessageRow;
  /** Whether this send started the conversation the message is in. */
  conversationCreated: boolean;
}

/**
 * WhatsApp's template errors (132000–132016) answer as problems; the message stays FAILED with
 * the error, where the agent sees it. Other failures answer the FAILED message, as for any send.
 */
export function refuseTemplateError(message: MessageRow): MessageRow {
  const problem =
    message.status === 'FAILED' && message.errorCode !== null ? templateSendProblem(message.errorCode) : null;
  if (!problem) return message;
  const text = `${problem.message}. WhatsApp: (#${message.errorCode}) ${message.errorTitle}`;
  const fields =
    problem.kind === 'invalid' ? [{ path: 'parameters', message: message.errorTitle ?? '' }] : [];
  throw new DomainError(problem.kind, problem.code, text, fields);
}

interface StoredTemplate {
  template?: { name?: unknown; language?: unknown };
  components?: unknown;
}

/**
 * Whether a stored message is what this send asks for: a template of that name (and language),
 * with the same parameters and text when the send gives them. The inbox category, the category
 * and the template's id are the templates service's metadata, which may change between a send
 * and its retry: they do not make a retry another request.
 */
function sameSend(existing: MessageRow, shape: TemplateSendShape): boolean {
  if (existing.type !== 'template') return false;
  const stored = (existing.content ?? {}) as StoredTemplate;
  if (stored.template?.name !== shape.name) return false;
  if (shape.language !== undefined && stored.template?.language !== shape.language) return false;
  if (shape.text !== undefined && existing.text !== shape.text) return false;
  return shape.components === undefined || canonical(stored.components) === canonical(shape.components);
}

/**
 * The same Idempotency-Key again answers the original message, as the first send answered it (a
 * WhatsApp refusal included); the key for another send, or for another person, is a conflict.
 */
export async function replayTemplateSend(
  deps: InboxDeps,
  caller: CallerContext,
  existing: MessageRow,
  shape: TemplateSendShape,
  recipient: TemplateRecipient,
): Promise<TemplateMessageSent> {
  const conversation = await conversationsRepository.find(deps.db, caller.orgId, existing.conversationId);
  if (!conversation || !sameSend(existing, shape) || !recipient.waIds.includes(conversation.waId))
    throw conflict('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request');
  // A send that started its conversation stored both at the same instant.
  const conversationCreated =
    conversation.origin === 'TEMPLATE' && conversation.createdAt.getTime() === existing.createdAt.getTime();
  return { message: refuseTemplateError(existing), conversationCreated };
}
