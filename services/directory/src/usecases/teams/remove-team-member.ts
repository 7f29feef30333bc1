import { notFound, transactThenPublish } from '@inbox/platform';
import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { teamsRepository, type TeamDetail } from '../../db/repositories/teams.repository';
import { actorOf, requireAdmin, requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';
import { lockedTeam } from './add-team-member';
import { loadTeamDetail } from './get-team';

export async function removeTeamMember(
  deps: DirectoryDeps,
  caller: CallerContext,
  input: { teamId: string; userId: string },
): Promise<TeamDetail> {
  requireOrganization(caller);
  requireAdmin(caller);
  const { orgId } = caller;
  const team = await transactThenPublish(deps, async (tx) => {
    await lockedTeam(tx, orgId, input.teamId);
    if (!(await teamsRepository.findMember(tx, orgId, input.teamId, input.userId))) {
      throw notFound('Team member');
    }
    await teamsRepository.deleteMember(tx, input.teamId, input.userId);
    await deps.events.record(tx, caller, DIRECTORY_EVENTS.teamMemberRemoved, {
      teamId: input.teamId,
      userId: input.userId,
      actorId: actorOf(caller),
    });
    return loadTeamDetail(tx, orgId, input.teamId);
  });
  return team;
}
