import { newId, type Db } from '@inbox/platform';
import type { ConversationRow, MessageRow } from '../db/repositories/conversation-views';
import { contacts, conversations, conversationTags, messages } from '../db/schema';
import type { InboxDeps } from '../deps';
import { conversationQueryHandlers } from '../grpc/conversation-queries.handlers';
import type { InboxImpl } from '../grpc/encode';
import { createInboxTestbed, type InboxTestbed } from './testbed';
import type { ConversationFilterInput } from '../usecases/conversation-queries/conversation-filter';

/** Test data builders: only what a test cares about is given, the rest is a plausible default. */

let phone = 5215500000000;

export interface ConversationSeed extends Partial<Omit<typeof conversations.$inferInsert, 'orgId'>> {
  orgId: number;
  /** The contact row; `null` leaves the conversation without one. */
  contact?: { name?: string | null; profileName?: string | null; alias?: string | null } | null;
  tagIds?: string[];
}

export async function makeConversation(db: Db, seed: ConversationSeed): Promise<ConversationRow> {
  const { contact, tagIds = [], ...values } = seed;
  const waId = values.waId ?? String(phone++);
  if (contact !== null)
    await db
      .insert(contacts)
      .values({ orgId: seed.orgId, waId, profileName: 'Customer', ...contact })
      .onConflictDoNothing();
  const createdAt = values.createdAt ?? values.lastMessageAt ?? new Date('2026-01-01T00:00:00Z');
  const [row] = await db
    .insert(conversations)
    .values({
      status: 'OPEN',
      origin: 'CUSTOMER',
      createdAt,
      updatedAt: createdAt,
      ...values,
      id: values.id ?? newId(),
      waId,
    })
    .returning();
  if (tagIds.length > 0)
    await db
      .insert(conversationTags)
      .values(tagIds.map((tagId) => ({ conversationId: row.id, tagId, orgId: seed.orgId })));
  return row;
}

export async function makeMessage(
  db: Db,
  conversation: ConversationRow,
  values: Partial<typeof messages.$inferInsert> = {},
): Promise<MessageRow> {
  const inbound = (values.direction ?? 'inbound') === 'inbound';
  const [row] = await db
    .insert(messages)
    .values({
      id: newId(),
      orgId: conversation.orgId,
      conversationId: conversation.id,
      direction: inbound ? 'inbound' : 'outbound',
      sender: inbound ? 'customer' : 'agent',
      type: 'text',
      text: 'Hello',
      status: inbound ? 'RECEIVED' : 'SENT',
      ...values,
    })
    .returning();
  return row;
}

export type FilterMessage = Parameters<InboxImpl['CountConversations']>[0];

/** A ConversationFilter as gRPC decodes it: unset booleans false, unset lists empty. */
export const filterOf = (filter: ConversationFilterInput = {}): FilterMessage => ({
  searchInMessages: false,
  followUp: false,
  tagIds: [],
  ...filter,
});

/** The query tests' clock: their deps' `now` stands still at NOW; `ago(m)` is m minutes before it. */
export const NOW = new Date('2026-05-10T12:00:00Z');
export const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

export interface QueryTestbed extends InboxTestbed {
  /** The query handlers over `deps`. */
  api: ReturnType<typeof conversationQueryHandlers>;
}

/** A migrated testbed whose deps' clock stands still at NOW, with the query handlers over them. */
export async function openQueryTestbed(): Promise<QueryTestbed> {
  const testbed = await createInboxTestbed();
  const deps: InboxDeps = { ...testbed.deps, now: () => NOW };
  return { ...testbed, deps, api: conversationQueryHandlers(deps) };
}
