import { z } from 'zod';
import {
  ID_MAX_LENGTH,
  INVITATION_STATUSES,
  MAX_BULK,
  PAGE_SIZE,
  ROLES,
  USER_BULK_ACTIONS,
  USER_STATUSES,
} from '@inbox/contracts';

/** Absent optional values come back from gRPC as undefined; REST answers always carry the key, as null. */
export const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().default(null);

export const idParam = z.strictObject({ id: z.string().min(1).max(ID_MAX_LENGTH) });

/** `limit` of a paginated list: the service applies the default when it is absent. */
export const pageLimit = z.coerce
  .number()
  .int()
  .min(1)
  .max(PAGE_SIZE.max)
  .optional()
  .describe(`default ${PAGE_SIZE.default}`);

/** Query-string booleans: only the words, so `?followUp=yes` is a 400 rather than a silent false. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

export const timestamp = z.string().describe('ISO 8601 UTC');

export const bulkBody = <F extends z.ZodType>(filter: F) =>
  z.strictObject({
    action: z.enum(USER_BULK_ACTIONS),
    selection: z.discriminatedUnion('mode', [
      z.strictObject({ mode: z.literal('ids'), ids: z.array(z.string().min(1)).min(1).max(MAX_BULK) }),
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
  invitationStatus: z.enum(INVITATION_STATUSES),
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
