import { clearedFields } from '@inbox/platform';
import type { ScheduleRow, TeamMemberView, TeamSummary } from '../db/repositories/teams.repository';
import type { DirectoryDeps } from '../deps';
import { addTeamMember } from '../usecases/teams/add-team-member';
import { createTeam } from '../usecases/teams/create-team';
import { deactivateTeam } from '../usecases/teams/deactivate-team';
import { getRoutingTeam } from '../usecases/teams/get-routing-team';
import { getSchedule } from '../usecases/teams/get-schedule';
import { getScheduleStatus } from '../usecases/teams/get-schedule-status';
import { getTeam } from '../usecases/teams/get-team';
import { listTeams } from '../usecases/teams/list-teams';
import { putSchedule } from '../usecases/teams/put-schedule';
import { removeTeamMember } from '../usecases/teams/remove-team-member';
import { updateTeam } from '../usecases/teams/update-team';
import { updateTeamMember } from '../usecases/teams/update-team-member';
import { iso, opt, type DirectoryImpl, type Reply } from './encode';

const encodeMember = (m: TeamMemberView) => ({
  userId: m.userId,
  role: m.role,
  name: m.name,
  email: m.email,
  addedAt: iso(m.addedAt),
});

/** Lists leave `members` empty (only the count); detail answers carry them. */
export const encodeTeam = (t: TeamSummary & { members?: TeamMemberView[] }): Reply<'GetTeam'> => ({
  id: t.id,
  name: t.name,
  description: opt(t.description),
  active: t.active,
  memberCount: t.memberCount,
  members: (t.members ?? []).map(encodeMember),
  createdAt: iso(t.createdAt),
  updatedAt: iso(t.updatedAt),
});

export const encodeSchedule = (s: ScheduleRow): Reply<'GetSchedule'> => ({
  teamId: s.teamId,
  timezone: s.timezone,
  weeklyHours: s.weeklyHours.map(({ day, start, end }) => ({ day, start, end })),
  holidays: s.holidays.map((h) => ({ date: h.date, name: opt(h.name) })),
  updatedAt: iso(s.updatedAt),
});

export const teamHandlers = (deps: DirectoryDeps) =>
  ({
    ListTeams: async ({ includeInactive }, caller) => ({
      data: (await listTeams(deps, caller, { includeInactive })).map((t) => encodeTeam(t)),
    }),
    GetTeam: async ({ id }, caller) => encodeTeam(await getTeam(deps, caller, id)),
    CreateTeam: async (req, caller) => encodeTeam(await createTeam(deps, caller, req)),
    UpdateTeam: async ({ id, name, description, active, clear }, caller) =>
      encodeTeam(
        await updateTeam(deps, caller, id, {
          name,
          description,
          active,
          ...clearedFields(clear, ['description']),
        }),
      ),
    DeactivateTeam: async ({ id }, caller) => {
      await deactivateTeam(deps, caller, id);
      return {};
    },
    AddTeamMember: async ({ teamId, userId, role }, caller) =>
      encodeTeam(await addTeamMember(deps, caller, { teamId, userId, role })),
    UpdateTeamMember: async ({ teamId, userId, role }, caller) =>
      encodeTeam(await updateTeamMember(deps, caller, { teamId, userId, role })),
    RemoveTeamMember: async ({ teamId, userId }, caller) =>
      encodeTeam(await removeTeamMember(deps, caller, { teamId, userId })),
    GetSchedule: async ({ id }, caller) => encodeSchedule(await getSchedule(deps, caller, id)),
    PutSchedule: async (req, caller) => encodeSchedule(await putSchedule(deps, caller, req)),
    GetScheduleStatus: async ({ id }, caller) => {
      const status = await getScheduleStatus(deps, caller, id);
      return { ...status, nextChangeAt: opt(status.nextChangeAt) };
    },
    GetRoutingTeam: async ({ id }, caller) => {
      const team = await getRoutingTeam(deps, caller, id);
      return { ...team, schedule: { ...team.schedule, nextChangeAt: opt(team.schedule.nextChangeAt) } };
    },
  }) satisfies Partial<DirectoryImpl>;
