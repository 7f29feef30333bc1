import { eq } from 'drizzle-orm';
import type { DomainError } from '@inbox/platform';
import { conversations } from '../db/schema';
import type { InboxTestbed } from './testbed';
import { makeConversation, type ConversationSeed } from './conversation-builders';

/** Shared by the conversation and contact tests (not by production code). */

/** The error a use case failed with; a success fails the test. */
export const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as DomainError,
  );

/** The organization's recorded events, named like `conversation.assigned`, oldest first. */
export const eventsOf = async (tb: InboxTestbed, orgId: number) =>
  (await tb.recordedEvents())
    .filter((e) => e.orgId === orgId)
    .map((e) => ({ type: e.type.replace(/^inbox\.|\.v1$/g, ''), data: e.data }));

export const storedConversation = async (tb: InboxTestbed, id: string) =>
  (await tb.deps.db.select().from(conversations).where(eq(conversations.id, id)))[0];

/**
 * A fresh organization per call, so tests cannot see each other's rows or events: an agent (the
 * caller), a colleague in the directory, and a builder of its conversations.
 */
export function organizations(tb: () => InboxTestbed, firstOrgId: number) {
  let next = firstOrgId;
  return () => {
    const orgId = next++;
    const agent = tb().caller(orgId, 'AGENT');
    const colleague = tb().directory.addUser(orgId);
    const make = (seed: Omit<ConversationSeed, 'orgId'> = {}) =>
      makeConversation(tb().deps.db, { orgId, ...seed });
    return { orgId, agent, me: agent.userId as string, colleague, make };
  };
}
