import { z } from 'zod';
import { route } from './route';
import { ID_MAX_LENGTH, TEAM_NAME_MAX, TEAM_ROLES, WEEKDAYS } from '@inbox/contracts';
import { idParam, listOf, nullable, queryBoolean, timestamp } from './schemas';

const member = z.object({
  userId: z.string(),
  role: z.enum(TEAM_ROLES),
  name: z.string(),
  email: z.string(),
  addedAt: timestamp,
});
const teamSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: nullable(z.string()),
  active: z.boolean(),
  memberCount: z.number().int(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
const team = teamSummary.extend({ members: z.array(member) });

const clock = z.string().regex(/^\d{2}:\d{2}$/, 'Use HH:mm');
const weeklyInterval = z.strictObject({
  day: z.enum(WEEKDAYS),
  start: clock,
  end: clock.describe('HH:mm; 24:00 for midnight'),
});
const holiday = z.strictObject({ date: z.iso.date(), name: z.string().max(100).nullable().optional() });
const schedule = z.object({
  teamId: z.string(),
  timezone: z.string(),
  weeklyHours: z.array(z.object({ day: z.enum(WEEKDAYS), start: z.string(), end: z.string() })),
  holidays: z.array(z.object({ date: z.string(), name: nullable(z.string()) })),
  updatedAt: nullable(timestamp),
});

const memberId = z.string().min(1).max(ID_MAX_LENGTH);
const memberParams = z.strictObject({ id: memberId, userId: memberId });

export const teamRoutes = [
  route({
    method: 'get',
    path: '/teams',
    access: 'user',
    tag: 'Teams',
    summary: 'List teams (active ones unless includeInactive=true)',
    query: z.strictObject({ includeInactive: queryBoolean.optional() }),
    response: listOf(teamSummary),
    handler: async ({ query, ctx, call }) =>
      ctx.directory.call.ListTeams({ includeInactive: query.includeInactive ?? false }, call),
  }),
  route({
    method: 'post',
    path: '/teams',
    access: 'admin',
    tag: 'Teams',
    summary: 'Create a team',
    body: z.strictObject({
      name: z.string().trim().min(1).max(TEAM_NAME_MAX),
      description: z.string().max(500).optional(),
    }),
    status: 201,
    response: team,
    handler: async ({ body, ctx, call }) => ctx.directory.call.CreateTeam(body, call),
  }),
  route({
    method: 'get',
    path: '/teams/:id',
    access: 'user',
    tag: 'Teams',
    summary: 'A team with its members',
    params: idParam,
    response: team,
    handler: async ({ params, ctx, call }) => ctx.directory.call.GetTeam(params, call),
  }),
  route({
    method: 'patch',
    path: '/teams/:id',
    access: 'admin',
    tag: 'Teams',
    summary: 'Update a team’s name, description (null or "" removes it), or reactivate it',
    params: idParam,
    body: z.strictObject({
      name: z.string().trim().min(1).max(TEAM_NAME_MAX).optional(),
      description: z.string().max(500).nullable().optional(),
      active: z.boolean().optional(),
    }),
    response: team,
    handler: async ({ params, body, ctx, call }) => {
      const { description, ...rest } = body;
      return ctx.directory.call.UpdateTeam(
        {
          id: params.id,
          ...rest,
          description: description ?? undefined,
          // proto3 cannot carry a null: null fields travel as names in `clear`.
          clear: description === null ? ['description'] : [],
        },
        call,
      );
    },
  }),
  route({
    method: 'delete',
    path: '/teams/:id',
    access: 'admin',
    tag: 'Teams',
    summary: 'Deactivate a team (soft delete)',
    params: idParam,
    status: 204,
    handler: async ({ params, ctx, call }) => ctx.directory.call.DeactivateTeam(params, call),
  }),
  route({
    method: 'post',
    path: '/teams/:id/members',
    access: 'admin',
    tag: 'Teams',
    summary: 'Add an active user of the organization to the team',
    params: idParam,
    body: z.strictObject({ userId: memberId, role: z.enum(TEAM_ROLES).optional() }),
    status: 201,
    response: team,
    handler: async ({ params, body, ctx, call }) =>
      ctx.directory.call.AddTeamMember({ teamId: params.id, ...body }, call),
  }),
  route({
    method: 'patch',
    path: '/teams/:id/members/:userId',
    access: 'admin',
    tag: 'Teams',
    summary: 'Change a member’s role (MEMBER or LEAD)',
    params: memberParams,
    body: z.strictObject({ role: z.enum(TEAM_ROLES) }),
    response: team,
    handler: async ({ params, body, ctx, call }) =>
      ctx.directory.call.UpdateTeamMember(
        { teamId: params.id, userId: params.userId, role: body.role },
        call,
      ),
  }),
  route({
    method: 'delete',
    path: '/teams/:id/members/:userId',
    access: 'admin',
    tag: 'Teams',
    summary: 'Remove a member from the team',
    params: memberParams,
    status: 204,
    handler: async ({ params, ctx, call }) =>
      ctx.directory.call.RemoveTeamMember({ teamId: params.id, userId: params.userId }, call),
  }),
  route({
    method: 'get',
    path: '/teams/:id/schedule',
    access: 'user',
    tag: 'Teams',
    summary: 'The team’s working hours (404 when none is set: the team is then always open)',
    params: idParam,
    response: schedule,
    handler: async ({ params, ctx, call }) => ctx.directory.call.GetSchedule(params, call),
  }),
  route({
    method: 'put',
    path: '/teams/:id/schedule',
    access: 'admin',
    tag: 'Teams',
    summary:
      'Create or replace the working hours: IANA time zone, weekly intervals (none = around the clock), holidays',
    params: idParam,
    body: z.strictObject({
      timezone: z.string().min(1).max(64),
      weeklyHours: z.array(weeklyInterval).max(100).default([]),
      holidays: z.array(holiday).max(366).default([]),
    }),
    response: schedule,
    handler: async ({ params, body, ctx, call }) =>
      ctx.directory.call.PutSchedule(
        {
          teamId: params.id,
          timezone: body.timezone,
          weeklyHours: body.weeklyHours,
          holidays: body.holidays.map((h) => ({ date: h.date, name: h.name ?? undefined })),
        },
        call,
      ),
  }),
  route({
    method: 'get',
    path: '/teams/:id/schedule/status',
    access: 'user',
    tag: 'Teams',
    summary: 'Whether the team is in working hours now, and when that changes next',
    params: idParam,
    response: z.object({
      open: z.boolean(),
      now: timestamp,
      nextChangeAt: nullable(timestamp),
      timezone: z.string(),
    }),
    handler: async ({ params, ctx, call }) => ctx.directory.call.GetScheduleStatus(params, call),
  }),
];
