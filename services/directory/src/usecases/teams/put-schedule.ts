import { invalid, transactThenPublish } from '@inbox/platform';
import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { teamsRepository, type ScheduleRow } from '../../db/repositories/teams.repository';
import { actorOf, requireAdmin, requireOrganization } from '../../domain/access';
import { normalizeSchedule, validateSchedule, type Weekday } from '../../domain/schedule';
import type { CallerContext, DirectoryDeps } from '../../deps';
import { lockedTeam } from './add-team-member';

export interface ScheduleInput {
  teamId: string;
  timezone: string;
  weeklyHours: Array<{ day: string; start: string; end: string }>;
  holidays: Array<{ date: string; name?: string | null }>;
}

/** Creates or replaces the team's schedule as a whole; answers the stored (normalized) schedule. */
export async function putSchedule(
  deps: DirectoryDeps,
  caller: CallerContext,
  input: ScheduleInput,
): Promise<ScheduleRow> {
  requireOrganization(caller);
  requireAdmin(caller);
  const candidate = {
    timezone: input.timezone,
    // validateSchedule checks the day names; the cast only tells the compiler what it will verify.
    weeklyHours: input.weeklyHours.map(({ day, start, end }) => ({ day: day as Weekday, start, end })),
    holidays: input.holidays.map(({ date, name }) => ({ date, name: name?.trim() || null })),
  };
  const errors = validateSchedule(candidate);
  if (errors.length > 0) throw invalid('VALIDATION_FAILED', 'The schedule is invalid', errors);
  const rules = normalizeSchedule(candidate);
  const schedule = await transactThenPublish(deps, async (tx) => {
    await lockedTeam(tx, caller.orgId, input.teamId);
    const stored = await teamsRepository.upsertSchedule(tx, {
      teamId: input.teamId,
      orgId: caller.orgId,
      ...rules,
    });
    await deps.events.record(tx, caller, DIRECTORY_EVENTS.teamScheduleUpdated, {
      teamId: input.teamId,
      ...rules,
      actorId: actorOf(caller),
    });
    return stored;
  });
  return schedule;
}
