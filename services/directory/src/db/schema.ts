import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgSchema, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, outboxTables, timestamptz, updatedAtColumn } from '@inbox/platform';

/** Everything the directory owns lives in this schema; no other service reads it. */
export const directory = pgSchema('directory');

const ts = timestamptz;
const createdAt = createdAtColumn;
const updatedAt = updatedAtColumn;

export const organizations = directory.table('organizations', {
  clientId: integer('client_id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const users = directory.table(
  'users',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    email: text('email').notNull(), // stored lower-case
    name: text('name').notNull(),
    role: text('role').notNull(),
    status: text('status').notNull().default('OFFLINE'),
    statusChangedAt: ts('status_changed_at'),
    passwordHash: text('password_hash'),
    invitationTokenHash: text('invitation_token_hash'),
    invitationExpiresAt: ts('invitation_expires_at'),
    invitationAcceptedAt: ts('invitation_accepted_at'),
    // An Admin-initiated reset link: one at a time, like the invitation (only its hash is kept).
    passwordResetTokenHash: text('password_reset_token_hash'),
    passwordResetExpiresAt: ts('password_reset_expires_at'),
    // Access tokens issued before this no longer speak for the user (a password change ends sessions).
    sessionsValidAfter: ts('sessions_valid_after'),
    lastLoginAt: ts('last_login_at'),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A deleted user's e-mail can be invited again.
    uniqueIndex('users_org_email_active')
      .on(t.orgId, t.email)
      .where(sql`deleted_at is null`),
    uniqueIndex('users_invitation_token').on(t.invitationTokenHash),
    uniqueIndex('users_password_reset_token').on(t.passwordResetTokenHash),
  ],
);

export const refreshTokens = directory.table(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    userId: text('user_id').notNull(),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    rotatedAt: ts('rotated_at'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash').on(t.tokenHash),
    index('refresh_tokens_family').on(t.familyId),
    index('refresh_tokens_user').on(t.userId),
  ],
);

export const teams = directory.table(
  'teams',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('teams_org_name_active')
      .on(t.orgId, sql`lower(${t.name})`)
      .where(sql`active`),
  ],
);

export const teamMembers = directory.table(
  'team_members',
  {
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    orgId: integer('org_id').notNull(),
    role: text('role').notNull(),
    addedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user').on(t.userId)],
);

export const teamSchedules = directory.table('team_schedules', {
  teamId: text('team_id').primaryKey(),
  orgId: integer('org_id').notNull(),
  timezone: text('timezone').notNull(),
  weeklyHours: jsonb('weekly_hours').notNull(),
  holidays: jsonb('holidays').notNull(),
  updatedAt: updatedAt(),
});

export const tags = directory.table(
  'tags',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tags_org_name').on(t.orgId, sql`lower(${t.name})`)],
);

export const apiKeys = directory.table(
  'api_keys',
  {
    id: text('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    expiresAt: ts('expires_at'),
    lastUsedAt: ts('last_used_at'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('api_keys_hash').on(t.keyHash), index('api_keys_org').on(t.orgId)],
);

export const { outbox, processedEvents } = outboxTables(directory);
