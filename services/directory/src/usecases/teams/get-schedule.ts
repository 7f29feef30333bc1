import { notFound, type Db } from '@inbox/platform';
import { teamsRepository, type ScheduleRow } from '../../db/repositories/teams.repository';
import { requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';

/** The team's schedule, or undefined when it has none; NOT_FOUND 'Team' for an unknown team. */
export async function findTeamSchedule(
  db: Db,
  orgId: number,
  teamId: string,
): Promise<ScheduleRow | undefined> {
  if (!(await teamsRepository.find(db, orgId, teamId))) throw notFound('Team');
  return teamsRepository.findSchedule(db, orgId, teamId);
}

export async function getSchedule(
  deps: DirectoryDeps,
  caller: CallerContext,
  teamId: string,
): Promise<ScheduleRow> {
  requireOrganization(caller);
  const schedule = await findTeamSchedule(deps.db, caller.orgId, teamId);
  if (!schedule) throw notFound('Schedule');
  return schedule;
}
