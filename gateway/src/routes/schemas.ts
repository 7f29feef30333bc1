import { z } from 'zod';

/** Absent optional values come back from gRPC as undefined; REST answers always carry the key, as null. */
export const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().default(null);

export const ROLES = ['ADMIN', 'AGENT'] as const;
export const USER_STATUSES = ['ONLINE', 'AWAY', 'BUSY', 'OFFLINE'] as const;
export const TEAM_ROLES = ['MEMBER', 'LEAD'] as const;

export const idParam = z.strictObject({ id: z.string().min(1).max(100) });

/** Query-string booleans: only the words, so `?followUp=yes` is a 400 rather than a silent false. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

export const timestamp = z.string().describe('ISO 8601 UTC');

export const bulkBody = <F extends z.ZodType>(filter: F) =>
  z.strictObject({
    action: z.enum(['delete']),
    selection: z.discriminatedUnion('mode', [
      z.strictObject({ mode: z.literal('ids'), ids: z.array(z.string().min(1)).min(1).max(500) }),
      z.strictObject({ mode: z.literal('all'), filter: filter.optional() }),
    ]),
  });

export const bulkResult = z.object({
  succeeded: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), code: z.string(), message: z.string() })),
});

export const user = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  invitationStatus: z.enum(['PENDING', 'ACCEPTED']),
  createdAt: timestamp,
  updatedAt: timestamp,
  lastLoginAt: nullable(timestamp),
  statusChangedAt: nullable(timestamp),
});

export const tokens = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().describe('seconds until the access token expires'),
  user,
});

export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
