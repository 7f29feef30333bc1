import { z } from 'zod';

/** Events published by the directory service. Changing a value needs a migration plan. */
export const DIRECTORY_EVENTS = {
  userCreated: 'directory.user.created.v1',
  userUpdated: 'directory.user.updated.v1',
  userDeleted: 'directory.user.deleted.v1',
  userStatusChanged: 'directory.user.status_changed.v1',
  teamCreated: 'directory.team.created.v1',
  teamUpdated: 'directory.team.updated.v1',
  teamDeactivated: 'directory.team.deactivated.v1',
  teamMemberAdded: 'directory.team.member_added.v1',
  teamMemberUpdated: 'directory.team.member_updated.v1',
  teamMemberRemoved: 'directory.team.member_removed.v1',
  teamScheduleUpdated: 'directory.team.schedule_updated.v1',
  tagCreated: 'directory.tag.created.v1',
  tagUpdated: 'directory.tag.updated.v1',
  tagDeleted: 'directory.tag.deleted.v1',
  apiKeyCreated: 'directory.api_key.created.v1',
  apiKeyUpdated: 'directory.api_key.updated.v1',
  apiKeyDeleted: 'directory.api_key.deleted.v1',
} as const;

const actor = { actorId: z.string().nullable() };
const user = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['ADMIN', 'AGENT']),
  ...actor,
});

/** Payload (`data`) schemas, keyed by event type. */
export const directoryEventSchemas = {
  [DIRECTORY_EVENTS.userCreated]: user,
  [DIRECTORY_EVENTS.userUpdated]: user,
  [DIRECTORY_EVENTS.userDeleted]: z.object({ userId: z.string(), ...actor }),
  [DIRECTORY_EVENTS.userStatusChanged]: z.object({
    userId: z.string(),
    from: z.string(),
    to: z.string(),
    changedAt: z.string(),
    ...actor,
  }),
  [DIRECTORY_EVENTS.teamCreated]: z.object({ teamId: z.string(), name: z.string(), ...actor }),
  [DIRECTORY_EVENTS.teamUpdated]: z.object({
    teamId: z.string(),
    name: z.string(),
    active: z.boolean(),
    ...actor,
  }),
  [DIRECTORY_EVENTS.teamDeactivated]: z.object({ teamId: z.string(), ...actor }),
  [DIRECTORY_EVENTS.teamMemberAdded]: z.object({
    teamId: z.string(),
    userId: z.string(),
    role: z.string(),
    ...actor,
  }),
  [DIRECTORY_EVENTS.teamMemberUpdated]: z.object({
    teamId: z.string(),
    userId: z.string(),
    role: z.string(),
    ...actor,
  }),
  [DIRECTORY_EVENTS.teamMemberRemoved]: z.object({ teamId: z.string(), userId: z.string(), ...actor }),
  [DIRECTORY_EVENTS.teamScheduleUpdated]: z.object({
    teamId: z.string(),
    timezone: z.string(),
    weeklyHours: z.array(z.object({ day: z.string(), start: z.string(), end: z.string() })),
    holidays: z.array(z.object({ date: z.string(), name: z.string().nullable() })),
    ...actor,
  }),
  [DIRECTORY_EVENTS.tagCreated]: z.object({
    tagId: z.string(),
    name: z.string(),
    color: z.string(),
    ...actor,
  }),
  [DIRECTORY_EVENTS.tagUpdated]: z.object({
    tagId: z.string(),
    name: z.string(),
    color: z.string(),
    ...actor,
  }),
  [DIRECTORY_EVENTS.tagDeleted]: z.object({ tagId: z.string(), ...actor }),
  [DIRECTORY_EVENTS.apiKeyCreated]: z.object({ apiKeyId: z.string(), role: z.string(), ...actor }),
  [DIRECTORY_EVENTS.apiKeyUpdated]: z.object({ apiKeyId: z.string(), ...actor }),
  [DIRECTORY_EVENTS.apiKeyDeleted]: z.object({ apiKeyId: z.string(), ...actor }),
} as const;

export type DirectoryEventType = (typeof DIRECTORY_EVENTS)[keyof typeof DIRECTORY_EVENTS];
export type DirectoryEventData<T extends DirectoryEventType> = z.infer<(typeof directoryEventSchemas)[T]>;
