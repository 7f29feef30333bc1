import { scheduleStatus, type ScheduleStatus } from '../../domain/schedule';
import { requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';
import { findTeamSchedule } from './get-schedule';

export type TeamScheduleStatus = ScheduleStatus & { timezone: string };

/** Is the team open at deps.now(), and when does that change? */
export async function getScheduleStatus(
  deps: DirectoryDeps,
  caller: CallerContext,
  teamId: string,
): Promise<TeamScheduleStatus> {
  requireOrganization(caller);
  return teamScheduleStatus(deps, caller.orgId, teamId);
}

/** The status of one organization's team, whoever asks (callers check access first). */
export async function teamScheduleStatus(
  deps: DirectoryDeps,
  orgId: number,
  teamId: string,
): Promise<TeamScheduleStatus> {
  const schedule = await findTeamSchedule(deps.db, orgId, teamId);
  const now = deps.now();
  // No working hours configured means no restriction: routing must not hold a team's chats forever.
  if (!schedule) return { open: true, now: now.toISOString(), nextChangeAt: null, timezone: 'UTC' };
  return { ...scheduleStatus(schedule, now), timezone: schedule.timezone };
}
