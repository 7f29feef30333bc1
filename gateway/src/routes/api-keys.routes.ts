import { z } from 'zod';
import { API_KEY_NAME_MAX, ROLES } from '@inbox/contracts';
import { route } from './route';
import { idParam, listOf, nullable, timestamp } from './schemas';

const apiKey = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  prefix: z.string().describe('the first characters of the key, to tell keys apart'),
  enabled: z.boolean(),
  createdAt: timestamp,
  lastUsedAt: nullable(timestamp),
  expiresAt: nullable(timestamp),
  createdBy: nullable(z.string()),
});

const futureDate = z.iso.datetime({ offset: true }).describe('ISO 8601; must be in the future');

export const apiKeyRoutes = [
  route({
    method: 'get',
    path: '/api-keys',
    access: 'admin',
    tag: 'API keys',
    summary: 'List the organization’s API keys (never the secrets)',
    response: listOf(apiKey),
    handler: async ({ ctx, call }) => ctx.directory.call.ListApiKeys({}, call),
  }),
  route({
    method: 'post',
    path: '/api-keys',
    access: 'admin',
    tag: 'API keys',
    summary: 'Create a key; the full key is in this answer only — store it now. Send it as `X-API-Key`.',
    body: z.strictObject({
      name: z.string().trim().min(1).max(API_KEY_NAME_MAX),
      role: z.enum(ROLES).optional(),
      expiresAt: futureDate.optional(),
    }),
    status: 201,
    response: apiKey.extend({ key: z.string() }),
    handler: async ({ body, ctx, call }) => ctx.directory.call.CreateApiKey(body, call),
  }),
  route({
    method: 'patch',
    path: '/api-keys/:id',
    access: 'admin',
    tag: 'API keys',
    summary: 'Rename a key, change its role or expiry (null removes it), enable or disable it',
    params: idParam,
    body: z.strictObject({
      name: z.string().trim().min(1).max(API_KEY_NAME_MAX).optional(),
      role: z.enum(ROLES).optional(),
      expiresAt: futureDate.nullable().optional(),
      enabled: z.boolean().optional(),
    }),
    response: apiKey,
    handler: async ({ params, body, ctx, call }) => {
      const { expiresAt, ...rest } = body;
      const updated = await ctx.directory.call.UpdateApiKey(
        {
          id: params.id,
          ...rest,
          expiresAt: expiresAt ?? undefined,
          // proto3 cannot carry a null: null fields travel as names in `clear`.
          clear: expiresAt === null ? ['expires_at'] : [],
        },
        call,
      );
      await ctx.authenticator.forgetApiKey(params.id);
      return updated;
    },
  }),
  route({
    method: 'delete',
    path: '/api-keys/:id',
    access: 'admin',
    tag: 'API keys',
    summary: 'Delete a key permanently; requests with it are refused at once',
    params: idParam,
    status: 204,
    handler: async ({ params, ctx, call }) => {
      await ctx.directory.call.DeleteApiKey(params, call);
      await ctx.authenticator.forgetApiKey(params.id);
    },
  }),
];
