import { MESSAGE_TEXT_MAX, templateSendProblem } from '@inbox/contracts';
import {
  conflict,
  DomainError,
  invalid,
  isUniqueViolation,
  requireOrganization,
  type CallerContext,
} from '@inbox/platform';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import { messagesRepository, type MessageRow } from '../../db/repositories/messages.repository';
import type { InboxDeps } from '../../deps';
import { deliverOutbound } from './outbound';
import { withRetries } from './platform-call';
import { canonical } from './send-message';
import { storeTemplateMessage } from './store-template-message';
import { resolveRecipient, type TemplateRecipient, type TemplateTarget } from './template-recipient';

export interface TemplateRefInput {
  id: string;
  name: string;
  language: string;
  category: string;
  inboxCategory?: string;
}

/** What the templates service sends: the template it resolved and checked, rendered. */
export interface SendTemplateMessageInput {
  conversationId?: string;
  phone?: string;
  template: TemplateRefInput | null;
  /** The Cloud API send's `template.components`, parameters filled in (JSON array). */
  componentsJson: string;
  /** The text the customer sees, variables filled in. */
  renderedText: string;
  idempotencyKey?: string;
}

export interface TemplateMessageSent {
  message: MessageRow;
  /** Whether this send started the conversation the message is in. */
  conversationCreated: boolean;
}

interface TemplateSendRequest {
  target: TemplateTarget;
  template: TemplateRefInput;
  components: unknown[];
  text: string;
  idempotencyKey: string | null;
}

const fieldError = (path: string, message: string) =>
  invalid('VALIDATION_FAILED', message, [{ path, message }]);

function parseComponents(json: string): unknown[] {
  try {
    const parsed: unknown = json.trim() === '' ? [] : JSON.parse(json);
    if (Array.isArray(parsed)) return parsed;
  } catch {
    // falls through to the field error
  }
  throw fieldError('components', 'The template components must be a JSON array');
}

function parseRequest(input: SendTemplateMessageInput): TemplateSendRequest {
  const conversationId = input.conversationId || undefined;
  const phone = input.phone || undefined;
  if ((conversationId === undefined) === (phone === undefined))
    throw fieldError('to', 'Give either a conversation id or a phone number');
  const template = input.template;
  if (!template?.id || !template.name || !template.language || !template.category)
    throw fieldError('template', 'The template needs an id, a name, a language and a category');
  const text = input.renderedText ?? '';
  if (text.trim().length === 0 || text.length > MESSAGE_TEXT_MAX)
    throw fieldError('renderedText', `The rendered text must be 1 to ${MESSAGE_TEXT_MAX} characters`);
  const idempotencyKey = input.idempotencyKey || null;
  if (idempotencyKey && idempotencyKey.length > 200)
    throw fieldError('idempotencyKey', 'At most 200 characters');
  return {
    target: conversationId ? { conversationId } : { phone: phone! },
    template,
    components: parseComponents(input.componentsJson ?? ''),
    text,
    idempotencyKey,
  };
}

/** What the message keeps of the template: enough to show it, report on it, and recognise a repeat. */
const contentOf = (request: TemplateSendRequest) => ({
  template: {
    id: request.template.id,
    name: request.template.name,
    language: request.template.language,
    category: request.template.category,
    inboxCategory: request.template.inboxCategory || null,
  },
  components: request.components,
});

/** Users and keys of an organization, or a service sending for one (campaigns). */
function requireSender(caller: CallerContext): void {
  if (caller.kind === 'SERVICE' && caller.orgId > 0) return;
  requireOrganization(caller);
}

/**
 * WhatsApp's template errors (132000–132016) answer as problems; the message stays FAILED with
 * the error, where the agent sees it. Other failures answer the FAILED message, as for any send.
 */
function refuseTemplateError(message: MessageRow): MessageRow {
  const problem =
    message.status === 'FAILED' && message.errorCode !== null ? templateSendProblem(message.errorCode) : null;
  if (!problem) return message;
  const text = `${problem.message}. WhatsApp: (#${message.errorCode}) ${message.errorTitle}`;
  const fields =
    problem.kind === 'invalid' ? [{ path: 'parameters', message: message.errorTitle ?? '' }] : [];
  throw new DomainError(problem.kind, problem.code, text, fields);
}

/** The same key again answers the original message; the same key for another send is a conflict. */
async function replay(
  deps: InboxDeps,
  caller: CallerContext,
  existing: MessageRow,
  request: TemplateSendRequest,
  recipient: TemplateRecipient,
): Promise<TemplateMessageSent> {
  const conversation = await conversationsRepository.find(deps.db, caller.orgId, existing.conversationId);
  const same =
    existing.type === 'template' &&
    existing.text === request.text &&
    canonical(existing.content) === canonical(contentOf(request)) &&
    conversation !== undefined &&
    recipient.waIds.includes(conversation.waId);
  if (!same || !conversation)
    throw conflict('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request');
  // A send that started its conversation stored both at the same instant.
  const conversationCreated =
    conversation.origin === 'TEMPLATE' && conversation.createdAt.getTime() === existing.createdAt.getTime();
  return { message: refuseTemplateError(existing), conversationCreated };
}

/**
 * Sends a template the templates service resolved and checked: to a conversation, or to a phone
 * number (normalized; the contact's conversation reused or started with origin TEMPLATE). The
 * message is stored with the rendered text and the template it came from, then sent with the
 * usual outbound machinery (idempotency, callback data, unknown outcomes never repeated).
 */
export async function sendTemplateMessage(
  deps: InboxDeps,
  caller: CallerContext,
  input: SendTemplateMessageInput,
): Promise<TemplateMessageSent> {
  requireSender(caller);
  const request = parseRequest(input);
  const recipient = await resolveRecipient(deps, caller.orgId, request.target);
  const key = request.idempotencyKey;
  if (key) {
    const existing = await messagesRepository.findByIdempotencyKey(deps.db, caller.orgId, key);
    if (existing) return replay(deps, caller, existing, request, recipient);
  }
  const client = await deps.channels.clientFor(caller.orgId);
  let stored;
  try {
    stored = await storeTemplateMessage(deps, caller, recipient.waId, {
      text: request.text,
      content: contentOf(request),
      idempotencyKey: key,
      inboxCategory: request.template.inboxCategory || null,
    });
  } catch (error) {
    // A concurrent request with the same key won the insert: answer as a repeat of it.
    const winner =
      key && isUniqueViolation(error)
        ? await messagesRepository.findByIdempotencyKey(deps.db, caller.orgId, key)
        : undefined;
    if (winner) return replay(deps, caller, winner, request, recipient);
    throw error;
  }
  const { name, language } = request.template;
  const message = await deliverOutbound(deps, caller, stored, (options) =>
    withRetries(() =>
      client.sendTemplate(
        stored.conversation.waId,
        { name, language, components: request.components },
        options,
      ),
    ),
  );
  return { message: refuseTemplateError(message), conversationCreated: stored.conversationCreated };
}
