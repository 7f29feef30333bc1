import type * as grpc from '@grpc/grpc-js';
import type { InboxServiceHandlers } from '@inbox/contracts';
import type { ServiceImpl } from '@inbox/platform';
import type { ContactRow, ConversationView, MessageRow } from '../db/repositories/conversation-views';
import { windowExpiresAt } from '../domain/reply-window';

/** The inbox's gRPC methods as promise functions over (request, caller). */
export type InboxImpl = ServiceImpl<InboxServiceHandlers>;

/** The message a method answers with, e.g. `Reply<'GetConversation'>`. */
export type Reply<K extends keyof InboxServiceHandlers> =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- request side is irrelevant here
  InboxServiceHandlers[K] extends grpc.handleUnaryCall<any, infer Res> ? Res : never;

import { iso, opt } from '@inbox/platform';

export { iso, opt };

/** The name agents see: the one they set, else the WhatsApp profile name. */
export const displayName = (contact: ContactRow | null): string | undefined =>
  opt(contact?.name ?? contact?.profileName);

export const encodeConversation = ({ row, contact, tagIds }: ConversationView): Reply<'GetConversation'> => ({
  id: row.id,
  waId: row.waId,
  contact: { waId: row.waId, name: displayName(contact), alias: opt(contact?.alias) },
  status: row.status,
  assignedTo: opt(row.assignedTo),
  teamId: opt(row.teamId),
  category: opt(row.category),
  origin: row.origin,
  followUp: row.followUp,
  followUpNote: opt(row.followUpNote),
  unreadCount: row.unreadCount,
  tagIds,
  lastMessageAt: iso(row.lastMessageAt),
  lastCustomerMessageAt: iso(row.lastCustomerMessageAt),
  windowExpiresAt: iso(windowExpiresAt(row.lastCustomerMessageAt)),
  handoffSummary: opt(row.handoffSummary),
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  lastMessagePreview: opt(row.lastMessagePreview),
  lastMessageDirection: opt(row.lastMessageDirection),
  closedAt: iso(row.closedAt),
});

const MEDIA_TYPES = new Set(['image', 'video', 'audio', 'document', 'sticker']);

export const encodeMessage = (m: MessageRow): Reply<'SendMessage'> => ({
  id: m.id,
  conversationId: m.conversationId,
  direction: m.direction,
  sender: m.sender,
  senderUserId: opt(m.senderUserId),
  type: m.type,
  text: opt(m.text),
  media:
    MEDIA_TYPES.has(m.type) || m.mediaStatus
      ? {
          mimeType: opt(m.mediaMimeType),
          size: opt(m.mediaSize),
          filename: opt(m.mediaFilename),
          caption: opt(m.mediaCaption),
          status: m.mediaStatus ?? 'PENDING',
          error: opt(m.mediaError),
          sha256: opt(m.mediaSha256),
        }
      : undefined,
  reaction: opt(m.reaction),
  hidden: m.hidden,
  status: m.status,
  error: m.errorCode !== null ? { code: m.errorCode, title: m.errorTitle ?? '' } : undefined,
  providerMessageId: opt(m.providerMessageId),
  createdAt: iso(m.createdAt),
  contentJson: m.content ? JSON.stringify(m.content) : undefined,
  replyToMessageId: opt(m.replyToProviderId),
});

export const encodeContact = (
  c: ContactRow,
  extra: { category?: string | null; lastConversationId?: string | null } = {},
): Reply<'GetContact'> => ({
  waId: c.waId,
  name: displayName(c),
  alias: opt(c.alias),
  notes: opt(c.notes),
  customFieldsJson: JSON.stringify(c.customFields ?? {}),
  category: opt(extra.category),
  lastConversationId: opt(extra.lastConversationId),
  createdAt: iso(c.createdAt),
  updatedAt: iso(c.updatedAt),
});
