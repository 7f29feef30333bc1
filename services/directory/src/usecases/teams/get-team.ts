import { notFound, type Db } from '@inbox/platform';
import { teamsRepository, type TeamDetail } from '../../db/repositories/teams.repository';
import { requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';

/** The team with its members, or NOT_FOUND (also for another organization's team). */
export async function loadTeamDetail(db: Db, orgId: number, id: string): Promise<TeamDetail> {
  const team = await teamsRepository.detail(db, orgId, id);
  if (!team) throw notFound('Team');
  return team;
}

export async function getTeam(deps: DirectoryDeps, caller: CallerContext, id: string): Promise<TeamDetail> {
  requireOrganization(caller);
  return loadTeamDetail(deps.db, caller.orgId, id);
}
