import { conflict, notFound, type CallerContext, type Db } from '@inbox/platform';
import { matchRoute, pickAgent, type RouteFacts } from '../../bot/domain/routing';
import type { ConversationRow, ConversationView } from '../../db/repositories/conversation-views';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import { routingCursorsRepository } from '../../db/repositories/routing-cursors.repository';
import type { InboxDeps } from '../../deps';
import type { RoutingTeamView } from '../../directory-lookup';
import { requireOrganization } from '../access';
import { applyAction, applyFields, type ChangeContext } from '../conversations/conversation-changes';
import { mutateConversation } from '../conversations/mutate-conversation';
import { loadBotConfig, type LoadedBotConfig } from './bot-config';
import { customerTexts } from './reclassify-conversation';

export type MatchedBy = 'rule' | 'fallback' | 'none';

/** What the routing rules give a conversation now: planned outside any transaction, applied inside one. */
export interface RoutePlan {
  teamId: string | null;
  /** The agent routing picked (null: queue mode, nobody ONLINE under capacity, or no team). */
  assignedTo: string | null;
  /** The rule's name (null: the fallback team or no route). */
  rule: string | null;
  matchedBy: MatchedBy;
  schedule: RoutingTeamView['schedule'] | null;
}

const NO_ROUTE: RoutePlan = { teamId: null, assignedTo: null, rule: null, matchedBy: 'none', schedule: null };

/**
 * The team (and agent) the organization's routing rules give a conversation with these facts.
 * Reads the directory (a remote call) and the inbox database: call it outside any transaction.
 * A rule naming a team that is gone or inactive falls back to the fallback team, else no route.
 */
export async function planRoute(
  deps: InboxDeps,
  config: LoadedBotConfig,
  conversation: ConversationRow,
  facts: RouteFacts,
): Promise<RoutePlan> {
  const { orgId } = conversation;
  const routing = config.routing;
  const match = matchRoute(routing, facts);
  let chosen = match.teamId ? { ...match, team: await activeTeam(deps, orgId, match.teamId) } : null;
  if (chosen && !chosen.team && routing.fallbackTeamId && routing.fallbackTeamId !== match.teamId)
    chosen = {
      rule: null,
      teamId: routing.fallbackTeamId,
      assign: 'queue',
      matchedBy: 'fallback',
      team: await activeTeam(deps, orgId, routing.fallbackTeamId),
    };
  if (!chosen?.team) return NO_ROUTE;
  const { team } = chosen;
  const plan: RoutePlan = {
    teamId: team.id,
    assignedTo: null,
    rule: chosen.rule?.name ?? null,
    matchedBy: chosen.matchedBy,
    schedule: team.schedule,
  };
  if (chosen.assign === 'queue') return plan;
  const memberIds = team.members.map((m) => m.userId);
  const [openCounts, lastUserId] = await Promise.all([
    conversationsRepository.openCountsOfUsers(deps.db, orgId, memberIds),
    routingCursorsRepository.lastUserId(deps.db, orgId, team.id),
  ]);
  const assignedTo = pickAgent({
    mode: chosen.assign,
    members: team.members,
    openCounts,
    capacity: routing.agentCapacity,
    lastUserId,
  });
  return { ...plan, assignedTo };
}

async function activeTeam(deps: InboxDeps, orgId: number, teamId: string): Promise<RoutingTeamView | null> {
  const team = await deps.directory.routingTeam(orgId, teamId);
  return team?.active ? team : null;
}

/** The team's round-robin position moves to the agent just given a conversation (in the caller's transaction). */
export async function recordRoundRobin(tx: Db, orgId: number, teamId: string, userId: string): Promise<void> {
  await routingCursorsRepository.record(tx, orgId, teamId, userId);
}

/** What routing reads of a conversation: its category, origin, customer texts and their language. */
export async function routeFactsOf(
  deps: InboxDeps,
  config: LoadedBotConfig,
  conversation: ConversationRow,
  texts?: string[],
): Promise<RouteFacts> {
  const customer = texts ?? (await customerTexts(deps.db, conversation.orgId, conversation.id));
  return {
    category: conversation.category,
    origin: conversation.origin,
    texts: customer,
    language: deps.intelligence.detectLanguage(customer.join('\n'), config.settings.language),
  };
}

/** What applying a plan changed on the conversation. */
export interface AppliedRoute {
  row: ConversationRow;
  /** The agent this route assigned (null: none, or the conversation kept the one it had). */
  assignedTo: string | null;
  /** Whether the team or the agent changed. */
  changed: boolean;
}

/**
 * Applies a plan to a locked conversation. The team is set when the rules give one (no route keeps
 * the current team); the agent only when the conversation is unassigned and with people (never
 * taken from an agent, never from the bot, never on a CLOSED one).
 */
export async function applyRoute(
  ctx: ChangeContext,
  row: ConversationRow,
  plan: RoutePlan,
): Promise<AppliedRoute> {
  let updated = plan.teamId ? await applyFields(ctx, row, { teamId: plan.teamId }) : row;
  let assignedTo: string | null = null;
  const assignable =
    updated.assignedTo === null && updated.status !== 'BOT_HANDLING' && updated.status !== 'CLOSED';
  if (plan.assignedTo && plan.teamId && assignable) {
    updated = await applyAction(ctx, updated, 'assign', { userId: plan.assignedTo });
    await recordRoundRobin(ctx.tx, ctx.origin.orgId, plan.teamId, plan.assignedTo);
    assignedTo = plan.assignedTo;
  }
  return {
    row: updated,
    assignedTo,
    changed: updated.teamId !== row.teamId || updated.assignedTo !== row.assignedTo,
  };
}

export interface RouteResult {
  teamId: string | null;
  assignedTo: string | null;
  rule: string | null;
  matchedBy: MatchedBy;
  conversation: ConversationView;
}

const closedConflict = () =>
  conflict('INVALID_TRANSITION', 'Cannot re-route a conversation that is CLOSED: reopen it first');

/**
 * POST /conversations/{id}/re-route: runs the routing rules again on the conversation as it is now
 * and applies their answer (team; agent only when unassigned). `assignedTo` is the agent this call
 * assigned, null when it assigned nobody.
 */
export async function rerouteConversation(
  deps: InboxDeps,
  caller: CallerContext,
  id: string,
): Promise<RouteResult> {
  requireOrganization(caller);
  const conversation = await conversationsRepository.find(deps.db, caller.orgId, id);
  if (!conversation) throw notFound('Conversation');
  if (conversation.status === 'CLOSED') throw closedConflict();
  const config = await loadBotConfig(deps.db, caller.orgId);
  const plan = await planRoute(deps, config, conversation, await routeFactsOf(deps, config, conversation));
  let assignedTo: string | null = null;
  const view = await mutateConversation(deps, caller, id, async (ctx, row) => {
    // Closed between the plan and the lock.
    if (row.status === 'CLOSED') throw closedConflict();
    assignedTo = (await applyRoute(ctx, row, plan)).assignedTo;
  });
  return { teamId: plan.teamId, assignedTo, rule: plan.rule, matchedBy: plan.matchedBy, conversation: view };
}
