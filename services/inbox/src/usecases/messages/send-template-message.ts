import { IDEMPOTENCY_KEY_UNUSED, MESSAGE_TEXT_MAX } from '@inbox/contracts';
import {
  DomainError,
  invalid,
  isUniqueViolation,
  requireOrganization,
  type CallerContext,
} from '@inbox/platform';
import { contactsRepository } from '../../db/repositories/contacts.repository';
import { messagesRepository, type MessageRow } from '../../db/repositories/messages.repository';
import type { InboxDeps } from '../../deps';
import { adoptWhatsAppWaId } from './adopt-whatsapp-wa-id';
import { deliverOutbound } from './outbound';
import { withRetries } from './platform-call';
import type { OnAccepted, StoredOutbound } from './send-outcome';
import { storeTemplateMessage } from './store-template-message';
import { resolveRecipient, type TemplateTarget } from './template-recipient';
import {
  refuseTemplateError,
  replayTemplateSend,
  type TemplateMessageSent,
  type TemplateSendShape,
} from './template-replay';

export type { TemplateMessageSent } from './template-replay';

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
  /**
   * Only answer the message an earlier send with this key stored (nothing is sent): a retry is
   * answered before the template is resolved again. `template` needs only its name (and language
   * when the caller gave one). No earlier send: 404 IDEMPOTENCY_KEY_UNUSED.
   */
  replayOnly?: boolean;
}

interface TemplateSendRequest {
  target: TemplateTarget;
  template: TemplateRefInput;
  components: unknown[];
  text: string;
  idempotencyKey: string | null;
}

const IDEMPOTENCY_KEY_MAX = 200;

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

function parseTarget(input: SendTemplateMessageInput): TemplateTarget {
  const conversationId = input.conversationId || undefined;
  const phone = input.phone || undefined;
  if ((conversationId === undefined) === (phone === undefined))
    throw fieldError('to', 'Give either a conversation id or a phone number');
  return conversationId ? { conversationId } : { phone: phone! };
}

function parseKey(input: SendTemplateMessageInput): string | null {
  const key = input.idempotencyKey || null;
  if (key && key.length > IDEMPOTENCY_KEY_MAX)
    throw fieldError('idempotencyKey', `At most ${IDEMPOTENCY_KEY_MAX} characters`);
  return key;
}

function parseRequest(input: SendTemplateMessageInput): TemplateSendRequest {
  const target = parseTarget(input);
  const template = input.template;
  if (!template?.id || !template.name || !template.language || !template.category)
    throw fieldError('template', 'The template needs an id, a name, a language and a category');
  const text = input.renderedText ?? '';
  if (text.trim().length === 0 || text.length > MESSAGE_TEXT_MAX)
    throw fieldError('renderedText', `The rendered text must be 1 to ${MESSAGE_TEXT_MAX} characters`);
  return {
    target,
    template,
    components: parseComponents(input.componentsJson ?? ''),
    text,
    idempotencyKey: parseKey(input),
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

const shapeOf = (request: TemplateSendRequest): TemplateSendShape => ({
  name: request.template.name,
  language: request.template.language,
  components: request.components,
  text: request.text,
});

/** Users and keys of an organization, or a service sending for one (campaigns). */
function requireSender(caller: CallerContext): void {
  if (caller.kind === 'SERVICE' && caller.orgId > 0) return;
  requireOrganization(caller);
}

/**
 * Sends a template the templates service resolved and checked: to a conversation, or to a phone
 * number (normalized; the contact's conversation reused or started with origin TEMPLATE). The
 * message is stored with the rendered text and the template it came from, then sent with the
 * usual outbound machinery (idempotency, callback data, unknown outcomes never repeated). Once
 * WhatsApp accepted it, the contact keeps the template's inbox category for their reply.
 */
export async function sendTemplateMessage(
  deps: InboxDeps,
  caller: CallerContext,
  input: SendTemplateMessageInput,
): Promise<TemplateMessageSent> {
  requireSender(caller);
  if (input.replayOnly) return replayEarlierSend(deps, caller, input);
  const request = parseRequest(input);
  const recipient = await resolveRecipient(deps, caller.orgId, request.target);
  const key = request.idempotencyKey;
  if (key) {
    const existing = await messagesRepository.findByIdempotencyKey(deps.db, caller.orgId, key);
    if (existing) return replayTemplateSend(deps, caller, existing, shapeOf(request), recipient);
  }
  const client = await deps.channels.clientFor(caller.orgId);
  let stored;
  try {
    stored = await storeTemplateMessage(deps, caller, recipient.waId, {
      text: request.text,
      content: contentOf(request),
      idempotencyKey: key,
    });
  } catch (error) {
    // A concurrent request with the same key won the insert: answer as a repeat of it.
    const winner =
      key && isUniqueViolation(error)
        ? await messagesRepository.findByIdempotencyKey(deps.db, caller.orgId, key)
        : undefined;
    if (winner) return replayTemplateSend(deps, caller, winner, shapeOf(request), recipient);
    throw error;
  }
  const message = await deliverTemplate(deps, caller, client, stored, request);
  return { message: refuseTemplateError(message), conversationCreated: stored.conversationCreated };
}

type CloudApi = Awaited<ReturnType<InboxDeps['channels']['clientFor']>>;

/**
 * Sends the stored message. Only a template WhatsApp took leaves its inbox category for the reply
 * (a refused one never reached the customer), and the person takes the wa_id WhatsApp names them by.
 */
async function deliverTemplate(
  deps: InboxDeps,
  caller: CallerContext,
  client: CloudApi,
  stored: StoredOutbound,
  request: TemplateSendRequest,
): Promise<MessageRow> {
  const { waId } = stored.conversation;
  let whatsappsWaId: string | undefined;
  const onAccepted: OnAccepted = async (tx, { result, at }) => {
    whatsappsWaId = result.waId;
    const category = request.template.inboxCategory || null;
    const pending = { category, sentAt: at, messageId: stored.message.id };
    await contactsRepository.setPendingTemplateCategory(tx, caller.orgId, waId, pending);
  };
  const { name, language } = request.template;
  const message = await deliverOutbound(
    deps,
    caller,
    stored,
    (options) =>
      withRetries(() =>
        client.sendTemplate(waId, { name, language, components: request.components }, options),
      ),
    onAccepted,
  );
  if (whatsappsWaId) await adoptWhatsAppWaId(deps, caller, waId, whatsappsWaId);
  return message;
}

/**
 * A retry with an Idempotency-Key, answered before the template is resolved again (it may have
 * been paused or edited since): the message the key's first send stored, when it is a send of
 * this template to this person; 404 IDEMPOTENCY_KEY_UNUSED when no send used the key.
 */
async function replayEarlierSend(
  deps: InboxDeps,
  caller: CallerContext,
  input: SendTemplateMessageInput,
): Promise<TemplateMessageSent> {
  const target = parseTarget(input);
  const key = parseKey(input);
  if (!key) throw fieldError('idempotencyKey', 'A replay needs the Idempotency-Key of the first send');
  const name = input.template?.name;
  if (!name) throw fieldError('template', 'A replay needs the template name');
  const existing = await messagesRepository.findByIdempotencyKey(deps.db, caller.orgId, key);
  if (!existing)
    throw new DomainError('not_found', IDEMPOTENCY_KEY_UNUSED, 'No earlier send used this Idempotency-Key');
  const recipient = await resolveRecipient(deps, caller.orgId, target);
  const shape = { name, language: input.template?.language || undefined };
  return replayTemplateSend(deps, caller, existing, shape, recipient);
}
