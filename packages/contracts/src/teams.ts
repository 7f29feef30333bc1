export const TEAM_ROLES = ['MEMBER', 'LEAD'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The days of a team's weekly hours. */
export const WEEKDAYS = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const TEAM_NAME_MAX = 100;
