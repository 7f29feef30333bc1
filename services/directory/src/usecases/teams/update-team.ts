import { isUniqueViolation, notFound, transactThenPublish } from '@inbox/platform';
import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { teamsRepository, type TeamDetail } from '../../db/repositories/teams.repository';
import { actorOf, requireAdmin, requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';
import { checkedTeamName, cleanDescription, teamNameTaken } from './create-team';
import { loadTeamDetail } from './get-team';

export interface TeamPatch {
  name?: string;
  description?: string | null;
  active?: boolean;
}

export async function updateTeam(
  deps: DirectoryDeps,
  caller: CallerContext,
  id: string,
  patch: TeamPatch,
): Promise<TeamDetail> {
  requireOrganization(caller);
  requireAdmin(caller);
  const name = patch.name === undefined ? undefined : checkedTeamName(patch.name);
  let wanted = name ?? '';
  try {
    const team = await transactThenPublish(deps, async (tx) => {
      const current = await teamsRepository.find(tx, caller.orgId, id, true);
      if (!current) throw notFound('Team');
      const next = { name: name ?? current.name, active: patch.active ?? current.active };
      wanted = next.name;
      // Only active teams compete for a name, so renaming or reactivating checks; deactivating never does.
      const claimsName = next.active && (next.name !== current.name || !current.active);
      if (claimsName && (await teamsRepository.activeNameTaken(tx, caller.orgId, next.name, id))) {
        throw teamNameTaken(next.name);
      }
      await teamsRepository.update(tx, caller.orgId, id, {
        name,
        description: cleanDescription(patch.description),
        active: patch.active,
      });
      const actorId = actorOf(caller);
      await deps.events.record(tx, caller, DIRECTORY_EVENTS.teamUpdated, { teamId: id, ...next, actorId });
      // Consumers that only bind team.deactivated (routing) must hear about it whichever RPC did it.
      if (current.active && !next.active) {
        await deps.events.record(tx, caller, DIRECTORY_EVENTS.teamDeactivated, { teamId: id, actorId });
      }
      return loadTeamDetail(tx, caller.orgId, id);
    });
    return team;
  } catch (error) {
    if (isUniqueViolation(error)) throw teamNameTaken(wanted);
    throw error;
  }
}
