/** What a user or an API key may do: an Admin manages the organization, an Agent handles conversations. */
export const ROLES = ['ADMIN', 'AGENT'] as const;
export type Role = (typeof ROLES)[number];

/** An agent's presence, set by the agent (or an Admin). */
export const USER_STATUSES = ['ONLINE', 'AWAY', 'BUSY', 'OFFLINE'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Whether an invited user has set a password yet. */
export const INVITATION_STATUSES = ['PENDING', 'ACCEPTED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** Bulk actions on users. */
export const USER_BULK_ACTIONS = ['delete'] as const;

export const API_KEY_NAME_MAX = 100;
