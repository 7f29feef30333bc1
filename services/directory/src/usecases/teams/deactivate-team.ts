import { notFound, transactThenPublish } from '@inbox/platform';
import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { teamsRepository } from '../../db/repositories/teams.repository';
import { actorOf, requireAdmin, requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';

/** Idempotent: an inactive team stays inactive and no second event is recorded. Members are kept. */
export async function deactivateTeam(deps: DirectoryDeps, caller: CallerContext, id: string): Promise<void> {
  requireOrganization(caller);
  requireAdmin(caller);
  await transactThenPublish(deps, async (tx) => {
    const team = await teamsRepository.find(tx, caller.orgId, id, true);
    if (!team) throw notFound('Team');
    if (!team.active) return;
    await teamsRepository.update(tx, caller.orgId, id, { active: false });
    await deps.events.record(tx, caller, DIRECTORY_EVENTS.teamDeactivated, {
      teamId: id,
      actorId: actorOf(caller),
    });
  });
}
