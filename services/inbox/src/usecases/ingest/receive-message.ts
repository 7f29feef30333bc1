import { INBOX_EVENTS } from '@inbox/contracts';
import { newId, type Db, type EventOrigin } from '@inbox/platform';
import type { InboundMessage } from '@inbox/whatsapp';
import {
  ingestRepository,
  ONE_ACTIVE_CONVERSATION,
  violatesConstraint,
} from '../../db/repositories/ingest.repository';
import type { ConversationRow } from '../../db/repositories/conversation-views';
import type { InboxDeps } from '../../deps';
import { initialStatus, transition, type ConversationStatus } from '../../domain/conversation-state';
import { inboundContent, type InboundContent } from '../../domain/inbound-content';
import { systemOrigin } from '../../events';

export interface ReceiveMessageInput {
  orgId: number;
  message: InboundMessage;
  /** The sender's WhatsApp profile name from `value.contacts[]`. */
  profileName?: string | null;
  requestId?: string;
}

export type ReceiveMessageResult =
  | { stored: true; messageId: string; conversationId: string; conversationCreated: boolean }
  | { stored: false };

/** Thrown inside the transaction to roll back everything when the message was already stored. */
class Redelivery extends Error {}

/**
 * Stores one inbound message exactly once, in one transaction: the contact, its active
 * conversation (a new one when there is none: a CLOSED conversation is never reopened by the
 * customer), the message, the conversation's counters and status, and their events.
 */
export async function receiveMessage(
  deps: InboxDeps,
  input: ReceiveMessageInput,
): Promise<ReceiveMessageResult> {
  const { orgId, message } = input;
  // Redeliveries are the common duplicate: skip them before taking any lock.
  if (await ingestRepository.messageExists(deps.db, orgId, message.id)) return { stored: false };
  const botEnabled = (await deps.channels.find(orgId))?.botEnabled ?? false;
  const ctx: StoreContext = {
    ...input,
    content: inboundContent(message),
    botEnabled,
    origin: systemOrigin(orgId, input.requestId),
  };
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await deps.db.transaction((tx) => store(deps, tx, ctx));
      deps.events.flush();
      return result;
    } catch (error) {
      if (error instanceof Redelivery) return { stored: false };
      // Another consumer started this contact's conversation at the same moment: the retry finds it.
      if (attempt === 1 && violatesConstraint(error, ONE_ACTIVE_CONVERSATION)) continue;
      throw error;
    }
  }
}

interface StoreContext extends ReceiveMessageInput {
  content: InboundContent;
  botEnabled: boolean;
  origin: EventOrigin;
}

async function store(deps: InboxDeps, tx: Db, ctx: StoreContext): Promise<ReceiveMessageResult> {
  const { orgId, message, content, origin } = ctx;
  const now = deps.now();
  const sentAt = new Date(Number(message.timestamp) * 1000);
  const waId = message.from;
  await upsertContact(deps, tx, ctx, now);
  const { conversation, created } = await activeConversation(deps, tx, ctx, now);
  const { media } = content;
  const row = await ingestRepository.insertMessageOnce(tx, {
    id: newId(),
    orgId,
    conversationId: conversation.id,
    direction: 'inbound',
    sender: 'customer',
    type: content.type,
    text: content.text,
    content: content.content,
    providerMediaId: media?.providerMediaId ?? null,
    mediaMimeType: media?.mimeType ?? null,
    mediaFilename: media?.filename ?? null,
    mediaCaption: media?.caption ?? null,
    mediaSha256: media?.sha256 ?? null,
    mediaStatus: media ? 'PENDING' : null,
    reaction: content.reaction,
    status: 'RECEIVED',
    providerMessageId: message.id,
    replyToProviderId: content.replyToProviderId,
    providerTimestamp: sentAt,
    createdAt: sentAt,
    updatedAt: now,
  });
  if (!row) throw new Redelivery();

  const from = conversation.status as ConversationStatus;
  const next = transition({ status: from, assignedTo: conversation.assignedTo }, 'customer_message');
  await ingestRepository.applyInbound(tx, orgId, conversation.id, {
    status: next.status,
    ...latestMessageFields(conversation, sentAt, content.preview),
    lastCustomerMessageAt: latest(conversation.lastCustomerMessageAt, sentAt),
    updatedAt: now,
  });

  const ref = { conversationId: conversation.id, waId };
  await deps.events.record(tx, origin, INBOX_EVENTS.messageReceived, {
    ...ref,
    messageId: row.id,
    providerMessageId: message.id,
    type: content.type,
    text: content.text ?? media?.caption ?? null,
    contextProviderMessageId: content.replyToProviderId,
    receivedAt: now.toISOString(),
    sentAt: sentAt.toISOString(),
  });
  if (next.status !== from) {
    await deps.events.record(tx, origin, INBOX_EVENTS.conversationStatusChanged, {
      ...ref,
      from,
      to: next.status,
      by: 'customer',
      reason: 'customer_message',
      actorId: null,
    });
  }
  if (media) {
    await deps.events.record(tx, origin, INBOX_EVENTS.mediaDownloadRequested, {
      messageId: row.id,
      providerMediaId: media.providerMediaId,
    });
  }
  return { stored: true, messageId: row.id, conversationId: conversation.id, conversationCreated: created };
}

/** Creates the contact or refreshes the WhatsApp profile name; the name an agent set is never touched. */
async function upsertContact(deps: InboxDeps, tx: Db, ctx: StoreContext, now: Date): Promise<void> {
  const { orgId, message, profileName, origin } = ctx;
  const { contact, created } = await ingestRepository.lockContact(tx, orgId, message.from, now);
  if (!profileName || contact.profileName === profileName) return;
  await ingestRepository.setProfileName(tx, orgId, message.from, profileName, now);
  if (!created) {
    await deps.events.record(tx, origin, INBOX_EVENTS.contactUpdated, {
      waId: message.from,
      changes: ['profileName'],
      actorId: null,
    });
  }
}

async function activeConversation(
  deps: InboxDeps,
  tx: Db,
  ctx: StoreContext,
  now: Date,
): Promise<{ conversation: ConversationRow; created: boolean }> {
  const { orgId, message, origin } = ctx;
  const existing = await ingestRepository.findActiveConversation(tx, orgId, message.from);
  if (existing) return { conversation: existing, created: false };
  const conversation = await ingestRepository.insertConversation(tx, {
    id: newId(),
    orgId,
    waId: message.from,
    status: initialStatus(ctx.botEnabled),
    // A referral is only sent for chats opened from a click-to-WhatsApp ad.
    origin: message.referral ? 'AD' : 'CUSTOMER',
    createdAt: now,
    updatedAt: now,
  });
  await deps.events.record(tx, origin, INBOX_EVENTS.conversationCreated, {
    conversationId: conversation.id,
    waId: message.from,
    status: conversation.status,
    origin: conversation.origin,
    actorId: null,
  });
  return { conversation, created: true };
}

const latest = (a: Date | null, b: Date): Date => (a && a.getTime() > b.getTime() ? a : b);

/**
 * The list shows the newest message. Platform timestamps are whole seconds while our own messages
 * carry milliseconds, so a message from the same second as the last one still counts as newer;
 * only a clearly older one (a late redelivery) leaves the preview alone.
 */
function latestMessageFields(conversation: ConversationRow, sentAt: Date, preview: string) {
  const last = conversation.lastMessageAt;
  if (last && sentAt.getTime() + 1000 <= last.getTime()) return {};
  return {
    lastMessageAt: latest(last, sentAt),
    lastMessagePreview: preview,
    lastMessageDirection: 'inbound',
  };
}
