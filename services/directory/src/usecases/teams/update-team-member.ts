import { notFound, transactThenPublish } from '@inbox/platform';
import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { teamsRepository, type TeamDetail } from '../../db/repositories/teams.repository';
import { actorOf, requireAdmin, requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';
import { checkedTeamRole, lockedTeam } from './add-team-member';
import { loadTeamDetail } from './get-team';

export async function updateTeamMember(
  deps: DirectoryDeps,
  caller: CallerContext,
  input: { teamId: string; userId: string; role: string },
): Promise<TeamDetail> {
  requireOrganization(caller);
  requireAdmin(caller);
  const role = checkedTeamRole(input.role);
  const { orgId } = caller;
  const team = await transactThenPublish(deps, async (tx) => {
    await lockedTeam(tx, orgId, input.teamId);
    if (!(await teamsRepository.findMember(tx, orgId, input.teamId, input.userId))) {
      throw notFound('Team member');
    }
    await teamsRepository.updateMemberRole(tx, input.teamId, input.userId, role);
    await deps.events.record(tx, caller, DIRECTORY_EVENTS.teamMemberUpdated, {
      teamId: input.teamId,
      userId: input.userId,
      role,
      actorId: actorOf(caller),
    });
    return loadTeamDetail(tx, orgId, input.teamId);
  });
  return team;
}
