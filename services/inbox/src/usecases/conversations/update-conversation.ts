import { conflict, invalid, isUniqueViolation } from '@inbox/platform';
import type { ConversationRow, ConversationView } from '../../db/repositories/conversation-views';
import type { CallerContext, InboxDeps } from '../../deps';
import {
  CONVERSATION_STATUSES,
  type ConversationAction,
  type ConversationStatus,
} from '../../domain/conversation-state';
import { requireOrganization } from '../access';
import { requireAssignableUser } from './assign-conversation';
import { applyAction, applyFields, type ChangeContext } from './conversation-changes';
import { cleanId, cleanText, LIMITS } from './field-rules';
import { callerUserId, mutateConversation } from './mutate-conversation';
import { newerActive, reopenStep, withReopenFacts, type ReopenFacts } from './reopen-conversation';
import { returnToBot } from './return-conversation-to-bot';

/** PATCH /conversations/{id}: absent fields are kept, null clears. */
export interface ConversationUpdate {
  status?: string;
  assignedTo?: string | null;
  teamId?: string | null;
  category?: string | null;
  handoffSummary?: string | null;
}

const fail = (path: string, message: string) => invalid('VALIDATION_FAILED', message, [{ path, message }]);

/** Pairs that ask for two different outcomes at once. */
function contradiction(
  status: ConversationStatus | undefined,
  assignedTo: string | null | undefined,
): string | undefined {
  if (status === 'HUMAN_HANDLING' && assignedTo === null)
    return 'A conversation handled by a human needs an assignee';
  if ((status === 'BOT_HANDLING' || status === 'OPEN') && typeof assignedTo === 'string')
    return `A conversation that is ${status} has no assignee: assigning it makes it HUMAN_HANDLING`;
  return undefined;
}

/**
 * Every field is validated before the transaction, so bad input writes nothing. Status changes go
 * through the same actions as their endpoints (one state machine), in one transaction with the row
 * locked, so a PATCH and a concurrent action serialize.
 */
export async function updateConversation(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
  update: ConversationUpdate,
): Promise<ConversationView> {
  requireOrganization(caller);
  if (Object.values(update).every((v) => v === undefined))
    throw fail('(body)', 'Nothing to update: give at least one field');
  const status = update.status as ConversationStatus | undefined;
  if (status !== undefined && !CONVERSATION_STATUSES.includes(status))
    throw fail('status', `One of ${CONVERSATION_STATUSES.join(', ')}`);
  const contradicts = contradiction(status, update.assignedTo);
  if (contradicts) throw fail('assignedTo', contradicts);
  const fields = {
    // The team id is not checked against the directory: the inbox has no team lookup yet (routing owns teams).
    teamId:
      update.teamId === undefined || update.teamId === null
        ? update.teamId
        : cleanId(update.teamId, 'teamId'),
    category: cleanText(update.category, 'category', LIMITS.category),
    handoffSummary: cleanText(update.handoffSummary, 'handoffSummary', LIMITS.handoffSummary, 'null'),
  };
  const assignedTo =
    typeof update.assignedTo === 'string'
      ? await requireAssignableUser(deps, caller, update.assignedTo)
      : update.assignedTo;

  const change = (reopen: ReopenFacts | undefined) =>
    mutateConversation(deps, caller, id, async (ctx, current) => {
      let row = await applyFields(ctx, current, fields);
      // Resolving with an assignee credits the assignee: assign first, then close.
      if (status === 'CLOSED') row = await assign(ctx, row, assignedTo);
      if (status !== undefined) row = await moveTo(ctx, row, { to: status, assignedTo, caller, reopen });
      if (status !== 'CLOSED') await assign(ctx, row, assignedTo);
    });
  try {
    // Only a move to OPEN can be a reopen, which asks the directory: before the transaction.
    return await (status === 'OPEN' ? withReopenFacts(deps, caller, id, change) : change(undefined));
  } catch (error) {
    // Only a reopen (OPEN from CLOSED) can race into the one-active-conversation index.
    if (isUniqueViolation(error)) throw newerActive();
    throw error;
  }
}

/** The assignment part of a PATCH, when the status move has not already made it so. */
async function assign(
  ctx: ChangeContext,
  row: ConversationRow,
  assignedTo: string | null | undefined,
): Promise<ConversationRow> {
  if (assignedTo === undefined || assignedTo === row.assignedTo) return row;
  return assignedTo === null
    ? applyAction(ctx, row, 'unassign')
    : applyAction(ctx, row, 'assign', { userId: assignedTo });
}

interface Move {
  to: ConversationStatus;
  assignedTo: string | null | undefined;
  caller: CallerContext;
  /** Gathered before the transaction when `to` is OPEN. */
  reopen: ReopenFacts | undefined;
}

async function moveTo(
  ctx: ChangeContext,
  row: ConversationRow,
  { to, assignedTo, caller, reopen }: Move,
): Promise<ConversationRow> {
  if (to === row.status) return row;
  if (to === 'WAITING_FOR_CUSTOMER')
    throw conflict(
      'INVALID_TRANSITION',
      'Only an agent’s message moves a conversation to WAITING_FOR_CUSTOMER',
    );
  if (to === 'OPEN' && row.status === 'CLOSED' && reopen) return reopenStep(ctx, row, reopen);
  if (to === 'CLOSED') return applyAction(ctx, row, 'resolve');
  if (to === 'BOT_HANDLING') return returnToBot(ctx, row);
  const [action, userId]: [ConversationAction, string | null] =
    to === 'OPEN'
      ? ['unassign', null]
      : typeof assignedTo === 'string'
        ? ['assign', assignedTo]
        : ['takeover', callerUserId(caller)];
  const next = await applyAction(ctx, row, action, { userId });
  // The action was legal but does not lead where the client asked (e.g. OPEN from BOT_HANDLING).
  if (next.status !== to)
    throw conflict('INVALID_TRANSITION', `A conversation that is ${row.status} cannot become ${to}`);
  return next;
}
