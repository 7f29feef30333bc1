import { INBOX_EVENTS } from '@inbox/contracts';
import { newId, transactThenPublish, type CallerContext, type Db } from '@inbox/platform';
import { contactsRepository } from '../../db/repositories/contacts.repository';
import type { ConversationRow } from '../../db/repositories/conversation-views';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import { ONE_ACTIVE_CONVERSATION, violatesConstraint } from '../../db/repositories/ingest.repository';
import { messagesRepository } from '../../db/repositories/messages.repository';
import type { InboxDeps } from '../../deps';
import { TEMPLATE_START } from '../../domain/conversation-state';
import { previewOf } from '../../domain/inbound-content';
import { actorOf } from '../access';
import { applyAction, type ChangeContext } from '../conversations/conversation-changes';
import { senderOf } from './outbound';
import type { StoredOutbound } from './send-outcome';

/** What a template message keeps: the text the customer sees and the template it came from. */
export interface TemplateMessageFields {
  text: string;
  content: Record<string, unknown>;
  idempotencyKey: string | null;
}

/** A service sending for itself (a campaign) writes as the system; users and keys as for any send. */
const senderFor = (caller: CallerContext) =>
  caller.kind === 'SERVICE' ? ({ sender: 'system', senderUserId: null } as const) : senderOf(caller);

/**
 * One transaction: the contact (created if new), their active conversation (started, origin
 * TEMPLATE, when there is none), the message PENDING, the conversation's last-message fields and
 * state ('agent_message'), and the events. No 24-hour window check: templates are what WhatsApp
 * allows outside it. The platform is called after this; what only an accepted send changes (the
 * contact's pending template category) is written with the send's outcome.
 */
export async function storeTemplateMessage(
  deps: InboxDeps,
  caller: CallerContext,
  waId: string,
  fields: TemplateMessageFields,
): Promise<StoredOutbound & { conversationCreated: boolean }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transactThenPublish(deps, (tx) => store(deps, caller, waId, fields, tx));
    } catch (error) {
      // Another send or an inbound message started the contact's conversation at the same moment:
      // the retry finds it.
      if (attempt === 1 && violatesConstraint(error, ONE_ACTIVE_CONVERSATION)) continue;
      throw error;
    }
  }
}

async function store(
  deps: InboxDeps,
  caller: CallerContext,
  waId: string,
  fields: TemplateMessageFields,
  tx: Db,
): Promise<StoredOutbound & { conversationCreated: boolean }> {
  const { orgId } = caller;
  const now = deps.now();
  const { sender, senderUserId } = senderFor(caller);
  const change: ChangeContext = {
    deps,
    tx,
    origin: caller,
    actorId: actorOf(caller),
    by: sender === 'agent' ? 'agent' : 'system',
  };
  const { conversation, created } = await findOrStartConversation(change, caller, waId, now);
  const message = await messagesRepository.insert(tx, {
    id: newId(),
    orgId,
    conversationId: conversation.id,
    direction: 'outbound',
    sender,
    senderUserId,
    type: 'template',
    text: fields.text,
    content: fields.content,
    idempotencyKey: fields.idempotencyKey,
    status: 'PENDING',
    createdAt: now,
    updatedAt: now,
  });
  const updated = await conversationsRepository.update(tx, orgId, conversation.id, {
    lastMessageAt: now,
    lastMessagePreview: previewOf(fields.text),
    lastMessageDirection: 'outbound',
    updatedAt: now,
  });
  return { message, conversation: updated, conversationCreated: created };
}

/**
 * The contact (created if new, locked) and their active conversation, moved by the agent's
 * message; or a new one (origin TEMPLATE, waiting for the customer, unassigned) when none is active.
 */
async function findOrStartConversation(
  change: ChangeContext,
  caller: CallerContext,
  waId: string,
  now: Date,
): Promise<{ conversation: ConversationRow; created: boolean }> {
  const { deps, tx } = change;
  const { orgId } = caller;
  await contactsRepository.ensureLocked(tx, orgId, waId, now);
  const [active] = await conversationsRepository.lockActiveOfContact(tx, orgId, waId);
  if (active) return { conversation: await applyAction(change, active, 'agent_message'), created: false };
  const conversation = await conversationsRepository.insert(tx, {
    id: newId(),
    orgId,
    waId,
    ...TEMPLATE_START,
    origin: 'TEMPLATE',
    createdAt: now,
    updatedAt: now,
  });
  await deps.events.record(tx, caller, INBOX_EVENTS.conversationCreated, {
    conversationId: conversation.id,
    waId,
    status: conversation.status,
    origin: conversation.origin,
    actorId: change.actorId,
  });
  return { conversation, created: true };
}
