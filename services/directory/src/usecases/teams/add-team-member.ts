import {
  conflict,
  invalid,
  isUniqueViolation,
  notFound,
  transactThenPublish,
  type Db,
} from '@inbox/platform';
import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { teamsRepository, type TeamDetail, type TeamRow } from '../../db/repositories/teams.repository';
import { actorOf, requireAdmin, requireOrganization } from '../../domain/access';
import { TEAM_ROLES, type TeamRole } from '@inbox/contracts';
import type { CallerContext, DirectoryDeps } from '../../deps';
import { loadTeamDetail } from './get-team';

export interface MemberInput {
  teamId: string;
  userId: string;
  role?: string;
}

const alreadyMember = () => conflict('ALREADY_MEMBER', 'The user is already a member of this team');

export function checkedTeamRole(role: string): TeamRole {
  if (!TEAM_ROLES.includes(role as TeamRole)) {
    throw invalid('VALIDATION_FAILED', 'The team role is invalid', [
      { path: 'role', message: `must be one of ${TEAM_ROLES.join(', ')}` },
    ]);
  }
  return role as TeamRole;
}

/** The team, locked for the rest of the transaction so a concurrent deactivation waits for us. */
export async function lockedTeam(tx: Db, orgId: number, teamId: string): Promise<TeamRow> {
  const team = await teamsRepository.find(tx, orgId, teamId, true);
  if (!team) throw notFound('Team');
  return team;
}

export async function addTeamMember(
  deps: DirectoryDeps,
  caller: CallerContext,
  input: MemberInput,
): Promise<TeamDetail> {
  requireOrganization(caller);
  requireAdmin(caller);
  const role = checkedTeamRole(input.role ?? 'MEMBER');
  const { orgId } = caller;
  try {
    const team = await transactThenPublish(deps, async (tx) => {
      const current = await lockedTeam(tx, orgId, input.teamId);
      if (!current.active) throw conflict('TEAM_INACTIVE', 'Members cannot be added to an inactive team');
      if (!(await teamsRepository.activeUserExists(tx, orgId, input.userId))) throw notFound('User');
      if (await teamsRepository.findMember(tx, orgId, input.teamId, input.userId)) throw alreadyMember();
      await teamsRepository.insertMember(tx, { teamId: input.teamId, userId: input.userId, orgId, role });
      await deps.events.record(tx, caller, DIRECTORY_EVENTS.teamMemberAdded, {
        teamId: input.teamId,
        userId: input.userId,
        role,
        actorId: actorOf(caller),
      });
      return loadTeamDetail(tx, orgId, input.teamId);
    });
    return team;
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyMember();
    throw error;
  }
}
