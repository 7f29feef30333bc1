import { INBOX_EVENTS, type CategorySource, type HandoffReason } from '@inbox/contracts';
import type { Db, EventOrigin } from '@inbox/platform';
import type { ConversationRow } from '../../db/repositories/conversation-views';
import {
  conversationsRepository,
  type ConversationPatch,
} from '../../db/repositories/conversations.repository';
import type { InboxDeps } from '../../deps';
import {
  transition,
  type ConversationAction,
  type ConversationStatus,
} from '../../domain/conversation-state';

/** Who changes a conversation, inside which transaction: an agent's call or a consumer acting for the system. */
export interface ChangeContext {
  deps: InboxDeps;
  tx: Db;
  origin: EventOrigin;
  actorId: string | null;
  /** `bot`: the bot's own moves (handoff, closing a silent conversation). */
  by: 'agent' | 'system' | 'bot';
}

const ref = (row: ConversationRow) => ({ conversationId: row.id, waId: row.waId });

export interface ActionOptions {
  /** The agent taking over or being assigned. */
  userId?: string | null;
  /** Start the transition from this assignee instead of the stored one (reopen drops a deleted user). */
  assignedTo?: string | null;
  /** The status-changed event's reason; the action's name unless given. */
  reason?: string;
  /** The bot's handoff: why, and what routing chose (recorded on `conversation.handoff`). */
  handoff?: { reason: HandoffReason; teamId: string | null; rule: string | null };
}

/**
 * One state-machine action on a locked conversation: the update and every event it implies,
 * derived from what changed. An action that changes nothing writes nothing and records nothing.
 */
export async function applyAction(
  ctx: ChangeContext,
  row: ConversationRow,
  action: ConversationAction,
  opts: ActionOptions = {},
): Promise<ConversationRow> {
  const from = {
    status: row.status as ConversationStatus,
    assignedTo: opts.assignedTo !== undefined ? opts.assignedTo : row.assignedTo,
  };
  const next = transition(from, action, opts.userId ?? null);
  if (next.status === row.status && next.assignedTo === row.assignedTo) return row;
  const now = ctx.deps.now();
  const closedAt = next.status === 'CLOSED' ? now : null;
  const updated = await conversationsRepository.update(ctx.tx, ctx.origin.orgId, row.id, {
    status: next.status,
    assignedTo: next.assignedTo,
    closedAt,
    updatedAt: now,
  });
  const { deps, tx, origin, actorId } = ctx;
  if (updated.status !== row.status)
    await deps.events.record(tx, origin, INBOX_EVENTS.conversationStatusChanged, {
      ...ref(row),
      from: row.status,
      to: updated.status,
      by: ctx.by,
      reason: opts.reason ?? action,
      actorId,
    });
  // DESIGN's event catalog: a handoff is the bot handing a conversation to a human, by itself or
  // because an agent took it.
  if (
    action === 'handoff' ||
    ((action === 'takeover' || action === 'assign') && row.status === 'BOT_HANDLING')
  )
    await deps.events.record(tx, origin, INBOX_EVENTS.conversationHandoff, {
      ...ref(row),
      userId: updated.assignedTo,
      reason: opts.handoff?.reason ?? 'agent',
      teamId: opts.handoff ? opts.handoff.teamId : row.teamId,
      rule: opts.handoff?.rule ?? null,
      actorId,
    });
  if (updated.assignedTo !== row.assignedTo) {
    if (updated.assignedTo)
      await deps.events.record(tx, origin, INBOX_EVENTS.conversationAssigned, {
        ...ref(row),
        userId: updated.assignedTo,
        previousUserId: row.assignedTo,
        actorId,
      });
    else
      await deps.events.record(tx, origin, INBOX_EVENTS.conversationUnassigned, {
        ...ref(row),
        previousUserId: row.assignedTo,
        actorId,
      });
  }
  if (action === 'return_to_bot' && row.status !== 'BOT_HANDLING')
    await deps.events.record(tx, origin, INBOX_EVENTS.conversationReturnedToBot, {
      ...ref(row),
      handoffSummary: updated.handoffSummary,
      actorId,
    });
  if (action === 'resolve')
    await deps.events.record(tx, origin, INBOX_EVENTS.conversationResolved, {
      ...ref(row),
      resolvedAt: now.toISOString(),
      actorId,
    });
  return updated;
}

/** Fields outside the state machine. A category change is its own event; the rest are `conversationUpdated`. */
export type FieldPatch = Pick<
  ConversationPatch,
  'teamId' | 'category' | 'handoffSummary' | 'followUp' | 'followUpNote' | 'unreadCount'
>;

export async function applyFields(
  ctx: ChangeContext,
  row: ConversationRow,
  patch: FieldPatch,
  categorySource: CategorySource = 'agent',
  /** The classifier's confidence, for an `ai` category. */
  categoryConfidence: number | null = null,
): Promise<ConversationRow> {
  const changed = (Object.keys(patch) as Array<keyof FieldPatch>).filter(
    (key) => patch[key] !== undefined && patch[key] !== row[key],
  );
  if (changed.length === 0) return row;
  const set = Object.fromEntries(changed.map((key) => [key, patch[key]]));
  const provenance = changed.includes('category')
    ? { categorySource: patch.category === null ? null : categorySource, categoryConfidence }
    : {};
  const updated = await conversationsRepository.update(ctx.tx, ctx.origin.orgId, row.id, {
    ...set,
    ...provenance,
    updatedAt: ctx.deps.now(),
  });
  const { deps, tx, origin, actorId } = ctx;
  if (changed.includes('category'))
    await deps.events.record(tx, origin, INBOX_EVENTS.conversationCategorized, {
      ...ref(row),
      category: updated.category,
      previous: row.category,
      source: categorySource,
      ...(categoryConfidence !== null ? { confidence: categoryConfidence } : {}),
      actorId,
    });
  const others = changed.filter((key) => key !== 'category');
  if (others.length > 0)
    await deps.events.record(tx, origin, INBOX_EVENTS.conversationUpdated, {
      ...ref(row),
      changes: others,
      ...(others.includes('teamId') ? { teamId: updated.teamId } : {}),
      actorId,
    });
  return updated;
}
