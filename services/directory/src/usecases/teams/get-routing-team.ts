import { BOT_SERVICE_PRINCIPAL } from '@inbox/contracts';
import { forbidden, notFound } from '@inbox/platform';
import { teamsRepository } from '../../db/repositories/teams.repository';
import type { CallerContext, DirectoryDeps } from '../../deps';
import { teamScheduleStatus, type TeamScheduleStatus } from './get-schedule-status';

export interface RoutingTeam {
  id: string;
  active: boolean;
  members: { userId: string; status: string }[];
  schedule: TeamScheduleStatus;
}

/**
 * What the inbox's bot needs to route a conversation to a team: whether the team takes
 * conversations, its members' statuses and whether it is open now. Only the bot, acting for one
 * organization, may ask: it is not a user's view (no names, no e-mails) and it has no role to check.
 */
export async function getRoutingTeam(
  deps: DirectoryDeps,
  caller: CallerContext,
  teamId: string,
): Promise<RoutingTeam> {
  if (caller.kind !== 'SERVICE' || caller.principalId !== BOT_SERVICE_PRINCIPAL || caller.orgId <= 0)
    throw forbidden('Only the inbox bot reads routing teams');
  const team = await teamsRepository.find(deps.db, caller.orgId, teamId);
  if (!team) throw notFound('Team');
  const [members, schedule] = await Promise.all([
    teamsRepository.memberStatuses(deps.db, caller.orgId, teamId),
    teamScheduleStatus(deps, caller.orgId, teamId),
  ]);
  return { id: team.id, active: team.active, members, schedule };
}
