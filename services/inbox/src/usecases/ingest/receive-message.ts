import { INBOX_EVENTS, type inboxEventSchemas } from '@inbox/contracts';
import { newId, transactThenPublish, type Db, type EventToRecord } from '@inbox/platform';
import type { InboundMessage } from '@inbox/whatsapp';
import {
  contactKey,
  ingestBatchRepository as repo,
  type ContactKey,
  type InboundConversationPatch,
  type StoredInbound,
} from '../../db/repositories/ingest-batch.repository';
import { ONE_ACTIVE_CONVERSATION, violatesConstraint } from '../../db/repositories/ingest.repository';
import type { ConversationRow } from '../../db/repositories/conversation-views';
import type { InboxDeps } from '../../deps';
import { initialStatus, transition, type ConversationStatus } from '../../domain/conversation-state';
import { inboundContent, withoutNul, type InboundContent } from '../../domain/inbound-content';
import { systemOrigin } from '../../events';
import { applyTemplateCategories } from './template-categories';

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

/** Stores one inbound message exactly once: a batch of one (see receiveMessages). */
export async function receiveMessage(
  deps: InboxDeps,
  input: ReceiveMessageInput,
): Promise<ReceiveMessageResult> {
  return (await receiveMessages(deps, [input]))[0];
}

/**
 * Stores inbound messages exactly once, all in one transaction: the contacts, their active
 * conversations (a new one when there is none: a CLOSED conversation is never reopened by the
 * customer), the messages, the conversations' counters and statuses, and their events. A message
 * already stored (a redelivery, or a duplicate inside the batch) changes nothing and answers
 * `stored: false`. The answers are in the order of the inputs.
 */
export async function receiveMessages(
  deps: InboxDeps,
  inputs: ReceiveMessageInput[],
): Promise<ReceiveMessageResult[]> {
  const results: ReceiveMessageResult[] = inputs.map(() => ({ stored: false }));
  const key = (i: ReceiveMessageInput) => `${i.orgId}:${i.message.id}`;
  // Redeliveries are the common duplicate: skip them before taking any lock.
  const stored = await repo.storedProviderIds(
    deps.db,
    inputs.map((i) => ({ orgId: i.orgId, providerMessageId: i.message.id })),
  );
  const seen = new Set<string>();
  const fresh: Array<{ index: number; item: Item }> = [];
  for (const [index, input] of inputs.entries()) {
    if (stored.has(key(input)) || seen.has(key(input))) continue;
    seen.add(key(input));
    fresh.push({
      index,
      item: { ...input, profileName: withoutNul(input.profileName), content: inboundContent(input.message) },
    });
  }
  if (fresh.length === 0) return results;
  const botEnabled = new Map<number, boolean>();
  for (const orgId of new Set(fresh.map((f) => f.item.orgId)))
    botEnabled.set(orgId, (await deps.channels.find(orgId))?.botEnabled ?? false);

  for (let attempt = 1; ; attempt++) {
    try {
      const outcomes = await transactThenPublish(deps, (tx) =>
        store(
          deps,
          tx,
          fresh.map((f) => f.item),
          botEnabled,
        ),
      );
      fresh.forEach((f, i) => (results[f.index] = outcomes[i]));
      return results;
    } catch (error) {
      // Another writer started a contact's conversation at the same moment: the retry finds it.
      if (attempt === 1 && violatesConstraint(error, ONE_ACTIVE_CONVERSATION)) continue;
      throw error;
    }
  }
}

interface Item extends ReceiveMessageInput {
  content: InboundContent;
}

type InboxEvent = EventToRecord<typeof inboxEventSchemas>;

/** A conversation's new values, built message by message; the assignee drives the transitions. */
type PendingConversation = InboundConversationPatch & { assignedTo: string | null };

async function store(
  deps: InboxDeps,
  tx: Db,
  items: Item[],
  botEnabled: Map<number, boolean>,
): Promise<ReceiveMessageResult[]> {
  const now = deps.now();
  const events: InboxEvent[] = [];
  const origin = (i: Item) => systemOrigin(i.orgId, i.requestId);
  const keys = distinctContacts(items);
  const contacts = await refreshContacts(tx, items, keys, now, events);
  const { active, created } = await activeConversations(tx, items, keys, botEnabled, now, events);

  const inserted = await repo.insertMessagesOnce(
    tx,
    items.map((item) => messageRow(item, active.get(contactKey(contactOf(item)))!.id, now)),
  );
  const byProviderId = new Map(inserted.map((row) => [`${row.orgId}:${row.providerMessageId}`, row]));

  // Each conversation takes its messages in order: counters, the newest message, the status.
  const patches = new Map<string, PendingConversation>();
  const replies: Parameters<typeof applyTemplateCategories>[2] = [];
  const results = items.map((item): ReceiveMessageResult => {
    const row = byProviderId.get(`${item.orgId}:${item.message.id}`);
    if (!row) return { stored: false };
    const conversation = active.get(contactKey(contactOf(item)))!;
    const patch = patches.get(conversation.id) ?? initialPatch(conversation, now);
    patches.set(conversation.id, patch);
    applyMessage(patch, item, row, events, origin(item));
    replies.push({
      contact: contactOf(item),
      conversation,
      writtenAt: row.providerTimestamp,
      quotes: item.content.replyToProviderId,
      requestId: item.requestId,
    });
    return {
      stored: true,
      messageId: row.id,
      conversationId: conversation.id,
      conversationCreated: created.has(conversation.id),
    };
  });
  await repo.applyInbound(tx, [...patches.values()]);
  await applyTemplateCategories(tx, contacts, replies, events);
  await deps.events.recordAll(tx, events);
  return results;
}

const contactOf = (item: Item): ContactKey => ({ orgId: item.orgId, waId: item.message.from });

function distinctContacts(items: Item[]): ContactKey[] {
  const keys = new Map<string, ContactKey>();
  for (const item of items) keys.set(contactKey(contactOf(item)), contactOf(item));
  return [...keys.values()];
}

/** Creates the contacts or refreshes their WhatsApp profile names; a name an agent set is never touched. */
async function refreshContacts(
  tx: Db,
  items: Item[],
  keys: ContactKey[],
  now: Date,
  events: InboxEvent[],
): Promise<Awaited<ReturnType<typeof repo.lockContacts>>> {
  const locked = await repo.lockContacts(tx, keys, now);
  const latestName = new Map<string, Item>();
  for (const item of items) if (item.profileName) latestName.set(contactKey(contactOf(item)), item);
  const updates = [...latestName.entries()].flatMap(([k, item]) => {
    const { contact, created } = locked.get(k)!;
    if (contact.profileName === item.profileName) return [];
    if (!created)
      events.push({
        origin: systemOrigin(item.orgId, item.requestId),
        type: INBOX_EVENTS.contactUpdated,
        data: { waId: item.message.from, changes: ['profileName'], actorId: null },
      });
    return [{ ...contactOf(item), profileName: item.profileName! }];
  });
  await repo.setProfileNames(tx, updates, now);
  return locked;
}

/** Each contact's active conversation, started (with its event) where there is none. */
async function activeConversations(
  tx: Db,
  items: Item[],
  keys: ContactKey[],
  botEnabled: Map<number, boolean>,
  now: Date,
  events: InboxEvent[],
): Promise<{ active: Map<string, ConversationRow>; created: Set<string> }> {
  const active = await repo.lockActiveConversations(tx, keys);
  const firstOf = new Map<string, Item>();
  for (const item of items) {
    const k = contactKey(contactOf(item));
    if (!active.has(k) && !firstOf.has(k)) firstOf.set(k, item);
  }
  const rows = await repo.insertConversations(
    tx,
    [...firstOf.values()].map((item) => ({
      id: newId(),
      orgId: item.orgId,
      waId: item.message.from,
      status: initialStatus(botEnabled.get(item.orgId) ?? false),
      // A referral is only sent for chats opened from a click-to-WhatsApp ad.
      origin: item.message.referral ? 'AD' : 'CUSTOMER',
      createdAt: now,
      updatedAt: now,
    })),
  );
  for (const row of rows) {
    const item = firstOf.get(contactKey(row))!;
    active.set(contactKey(row), row);
    events.push({
      origin: systemOrigin(item.orgId, item.requestId),
      type: INBOX_EVENTS.conversationCreated,
      data: { conversationId: row.id, waId: row.waId, status: row.status, origin: row.origin, actorId: null },
    });
  }
  return { active, created: new Set(rows.map((r) => r.id)) };
}

function messageRow(item: Item, conversationId: string, now: Date) {
  const { orgId, message, content } = item;
  const { media } = content;
  const sentAt = new Date(Number(message.timestamp) * 1000);
  return {
    id: newId(),
    orgId,
    conversationId,
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
  };
}

const initialPatch = (c: ConversationRow, now: Date): PendingConversation => ({
  orgId: c.orgId,
  id: c.id,
  status: c.status,
  assignedTo: c.assignedTo,
  unreadCount: c.unreadCount,
  lastMessageAt: c.lastMessageAt,
  lastMessagePreview: c.lastMessagePreview,
  lastMessageDirection: c.lastMessageDirection,
  lastCustomerMessageAt: c.lastCustomerMessageAt,
  updatedAt: now,
});

/** One stored message applied to its conversation's patch, with the events it causes. */
function applyMessage(
  patch: PendingConversation,
  item: Item,
  row: StoredInbound,
  events: InboxEvent[],
  origin: { orgId: number; requestId: string },
): void {
  const { message, content } = item;
  const sentAt = row.providerTimestamp;
  const from = patch.status as ConversationStatus;
  const next = transition({ status: from, assignedTo: patch.assignedTo }, 'customer_message');
  patch.status = next.status;
  patch.unreadCount += 1;
  // Platform timestamps are whole seconds while our own messages carry milliseconds, so a message
  // from the same second as the last one still counts as newer; only a clearly older one (a late
  // redelivery) leaves the preview alone.
  const last = patch.lastMessageAt;
  if (!last || sentAt.getTime() + 1000 > last.getTime()) {
    patch.lastMessageAt = latest(last, sentAt);
    patch.lastMessagePreview = content.preview;
    patch.lastMessageDirection = 'inbound';
  }
  patch.lastCustomerMessageAt = latest(patch.lastCustomerMessageAt, sentAt);

  const ref = { conversationId: row.conversationId, waId: message.from };
  events.push({
    origin,
    type: INBOX_EVENTS.messageReceived,
    data: {
      ...ref,
      messageId: row.id,
      providerMessageId: message.id,
      type: content.type,
      text: content.text ?? content.media?.caption ?? null,
      contextProviderMessageId: content.replyToProviderId,
      replyId: content.replyId,
      receivedAt: patch.updatedAt.toISOString(),
      sentAt: sentAt.toISOString(),
    },
  });
  if (next.status !== from) {
    events.push({
      origin,
      type: INBOX_EVENTS.conversationStatusChanged,
      data: { ...ref, from, to: next.status, by: 'customer', reason: 'customer_message', actorId: null },
    });
  }
  if (content.media) {
    events.push({
      origin,
      type: INBOX_EVENTS.mediaDownloadRequested,
      data: { messageId: row.id, providerMediaId: content.media.providerMediaId },
    });
  }
}

const latest = (a: Date | null, b: Date): Date => (a && a.getTime() > b.getTime() ? a : b);
