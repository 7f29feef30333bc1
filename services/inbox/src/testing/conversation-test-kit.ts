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
 * caller), an admin, a colleague in the directory, and a builder of its conversations. `tb` may be
 * filled in later (openForTestFile): it is read only when an organization is made.
 */
export function organizations(
  tb: InboxTestbed,
  firstOrgId: number,
  /** Defaults for the organization's conversations; `index` counts them from 0. */
  defaults: (index: number) => Omit<ConversationSeed, 'orgId'> = () => ({}),
) {
  let next = firstOrgId;
  return () => {
    const orgId = next++;
    const agent = tb.caller(orgId, 'AGENT');
    const admin = tb.caller(orgId, 'ADMIN');
    const colleague = tb.directory.addUser(orgId);
    let made = 0;
    const make = (seed: Omit<ConversationSeed, 'orgId'> = {}) =>
      makeConversation(tb.deps.db, { orgId, ...defaults(made++), ...seed });
    return { orgId, agent, admin, me: agent.userId as string, colleague, make };
  };
}
