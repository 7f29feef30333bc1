import { conflict, isUniqueViolation } from '@inbox/platform';
import type { ConversationRow, ConversationView } from '../../db/repositories/conversation-views';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireOrganization } from '../access';
import { applyAction, type ChangeContext } from './conversation-changes';
import { mutateConversation } from './mutate-conversation';

export const newerActive = () =>
  conflict(
    'NEWER_ACTIVE_CONVERSATION',
    'The contact already has an active conversation: continue there instead',
  );

/** What a reopen needs from the directory, asked before the transaction (no remote call inside one). */
export interface ReopenFacts {
  /** The assignee the directory was asked about (null: nobody to ask about). */
  assignee: string | null;
  assigneeActive: boolean;
}

/** The conversation changed between asking the directory and locking it: ask again. */
class StaleReopenFacts extends Error {}

/** Reads the conversation without locking it and asks the directory whether its assignee is still active. */
export async function gatherReopenFacts(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
): Promise<ReopenFacts> {
  const row = await conversationsRepository.find(deps.db, caller.orgId, id);
  const assignee = row?.status === 'CLOSED' ? row.assignedTo : null;
  return {
    assignee,
    assigneeActive: assignee !== null && (await deps.directory.isActiveUser(caller, assignee)),
  };
}

/**
 * CLOSED → HUMAN_HANDLING with its assignee when that user is still active, else OPEN. Refused while
 * the contact has another active conversation (the partial unique index refuses it too, under races).
 * Runs on the locked row with facts gathered before the transaction; if the assignee is no longer
 * the one asked about, throws StaleReopenFacts for `withReopenFacts` to start over.
 */
export async function reopenStep(
  ctx: ChangeContext,
  row: ConversationRow,
  facts: ReopenFacts,
): Promise<ConversationRow> {
  // Anything but CLOSED: the state machine's INVALID_TRANSITION, before any other check.
  if (row.status !== 'CLOSED') return applyAction(ctx, row, 'reopen');
  if (await conversationsRepository.activeSibling(ctx.tx, row.orgId, row.waId, row.id)) throw newerActive();
  if (row.assignedTo !== facts.assignee) throw new StaleReopenFacts();
  return applyAction(ctx, row, 'reopen', { assignedTo: facts.assigneeActive ? row.assignedTo : null });
}

const ATTEMPTS = 3;

/** Gathers the facts, runs the change, and starts over (a few times) if they went stale meanwhile. */
export async function withReopenFacts<T>(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
  change: (facts: ReopenFacts) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const facts = await gatherReopenFacts(deps, caller, id);
    try {
      return await change(facts);
    } catch (error) {
      if (!(error instanceof StaleReopenFacts)) throw error;
      if (attempt >= ATTEMPTS)
        throw conflict('CONCURRENT_CHANGE', 'The conversation kept changing: try again');
    }
  }
}

export async function reopenConversation(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
): Promise<ConversationView> {
  requireOrganization(caller);
  try {
    return await withReopenFacts(deps, caller, id, (facts) =>
      mutateConversation(deps, caller, id, (ctx, row) => reopenStep(ctx, row, facts)),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw newerActive();
    throw error;
  }
}
