import { MESSAGE_TEXT_MAX } from '@inbox/contracts';
import { conflict, invalid, isUniqueViolation, notFound, type CallerContext } from '@inbox/platform';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import { messagesRepository, type MessageRow } from '../../db/repositories/messages.repository';
import type { InboxDeps } from '../../deps';
import { requireOrganization } from '../access';
import { restInteractiveSchema, toWireInteractive, type RestInteractive } from './interactive';
import {
  checkSendable,
  deliverOutbound,
  isCampaignCaller,
  storeOutbound,
  type PlatformSend,
} from './outbound';
import { withRetries } from './platform-call';

export interface SendMessageInput {
  conversationId: string;
  type: string;
  text?: string;
  previewUrl?: boolean;
  /** The interactive message in the REST shape, as JSON text. */
  interactiveJson?: string;
  replyToMessageId?: string;
  idempotencyKey?: string;
}

type SendRequest = { conversationId: string; replyToMessageId?: string; idempotencyKey?: string } & (
  { type: 'text'; text: string; previewUrl: boolean } | { type: 'interactive'; interactive: RestInteractive }
);

const fieldError = (path: string, message: string) =>
  invalid('VALIDATION_FAILED', message, [{ path, message }]);

function parseJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return Symbol('not json');
  }
}

function parseRequest(input: SendMessageInput): SendRequest {
  const common = {
    conversationId: input.conversationId,
    replyToMessageId: input.replyToMessageId || undefined,
    idempotencyKey: input.idempotencyKey || undefined,
  };
  if (common.idempotencyKey && common.idempotencyKey.length > 200)
    throw fieldError('idempotencyKey', 'At most 200 characters');
  if (input.type === 'text') {
    const text = input.text ?? '';
    if (text.length < 1 || text.length > MESSAGE_TEXT_MAX)
      throw fieldError('text', `Text must be 1 to ${MESSAGE_TEXT_MAX} characters`);
    return { ...common, type: 'text', text, previewUrl: input.previewUrl ?? false };
  }
  if (input.type === 'interactive') {
    const parsed = restInteractiveSchema.safeParse(parseJson(input.interactiveJson));
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => ({
        path: ['interactive', ...i.path].join('.'),
        message: i.message,
      }));
      throw invalid('VALIDATION_FAILED', 'The interactive message is not valid', fields);
    }
    return { ...common, type: 'interactive', interactive: parsed.data };
  }
  throw fieldError('type', 'Type must be text or interactive');
}

/** What an outbound message keeps of its request besides the text: enough to recognise a repeat. */
function contentOf(request: SendRequest): Record<string, unknown> | null {
  const content = {
    ...(request.type === 'text' && request.previewUrl ? { previewUrl: true } : {}),
    ...(request.type === 'interactive' ? { interactive: request.interactive } : {}),
    ...(request.replyToMessageId ? { replyToMessageId: request.replyToMessageId } : {}),
  };
  return Object.keys(content).length > 0 ? content : null;
}

/** JSON with sorted keys: jsonb does not keep the order keys were written in. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The same key again answers the original message; the same key for another request is a conflict. */
function replay(existing: MessageRow, request: SendRequest): MessageRow {
  const same =
    existing.conversationId === request.conversationId &&
    existing.type === request.type &&
    (existing.text ?? null) === (request.type === 'text' ? request.text : null) &&
    canonical(existing.content) === canonical(contentOf(request));
  if (!same)
    throw conflict('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request');
  return existing;
}

/**
 * Sends a text or interactive message as an agent (DESIGN §7: window, state machine, idempotency),
 * or as the campaign when the campaigns service sends a survey question (sender `campaign`; the
 * conversation's status and assignee stay as they are).
 */
export async function sendMessage(
  deps: InboxDeps,
  caller: CallerContext,
  input: SendMessageInput,
): Promise<MessageRow> {
  if (!isCampaignCaller(caller)) requireOrganization(caller);
  const request = parseRequest(input);
  const key = request.idempotencyKey;
  if (key) {
    const existing = await messagesRepository.findByIdempotencyKey(deps.db, caller.orgId, key);
    if (existing) return replay(existing, request);
  }
  const conversation = await conversationsRepository.find(deps.db, caller.orgId, request.conversationId);
  if (!conversation) throw notFound('Conversation');
  checkSendable(conversation, deps.now());
  const replyTo = request.replyToMessageId
    ? await messagesRepository.find(deps.db, caller.orgId, request.replyToMessageId)
    : undefined;
  if (
    request.replyToMessageId &&
    (replyTo?.conversationId !== conversation.id || !replyTo.providerMessageId)
  ) {
    throw fieldError('replyToMessageId', 'Not a message of this conversation that reached WhatsApp');
  }
  const client = await deps.channels.clientFor(caller.orgId);
  const replyOption = { replyTo: replyTo?.providerMessageId ?? undefined };
  let send: PlatformSend;
  if (request.type === 'text') {
    const previewUrl = request.previewUrl || undefined;
    send = (options) =>
      client.sendText(conversation.waId, request.text, { ...replyOption, ...options, previewUrl });
  } else {
    const wire = toWireInteractive(request.interactive);
    send = (options) => client.sendInteractive(conversation.waId, wire, { ...replyOption, ...options });
  }

  let stored;
  try {
    stored = await storeOutbound(
      deps,
      caller,
      conversation.id,
      {
        type: request.type,
        text: request.type === 'text' ? request.text : null,
        content: contentOf(request),
        replyToProviderId: replyTo?.providerMessageId ?? null,
        idempotencyKey: key ?? null,
      },
      request.type === 'text' ? request.text : request.interactive.body,
    );
  } catch (error) {
    // A concurrent request with the same key won the insert: answer as a repeat of it.
    const winner =
      key && isUniqueViolation(error)
        ? await messagesRepository.findByIdempotencyKey(deps.db, caller.orgId, key)
        : undefined;
    if (winner) return replay(winner, request);
    throw error;
  }
  return deliverOutbound(deps, caller, stored, (options) => withRetries(() => send(options)));
}
