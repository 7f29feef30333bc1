import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ROLES } from '@inbox/contracts';
import { limitFailures } from '../auth/failures-only';
import { linkRedemptionLimits } from './link-limits';
import { route } from './route';
import { tokens, user } from './schemas';

const emailKey = (clientId: number, email: string) =>
  createHash('sha256').update(`${clientId}:${email.trim().toLowerCase()}`).digest('hex').slice(0, 32);

export const authRoutes = [
  route({
    method: 'post',
    path: '/auth/login',
    access: 'public',
    tag: 'Authentication',
    summary: 'Sign in with organization, e-mail and password; returns an access token and a refresh token',
    body: z.strictObject({
      clientId: z.number().int().positive(),
      email: z.string().min(1).max(320),
      password: z.string().min(1).max(1000),
    }),
    response: tokens,
    answers: [401], // wrong e-mail or password
    // Every attempt counts per address; only wrong passwords count per account, and per account
    // *and* address, so a stranger's guesses cannot lock the account's owner out.
    limits: ({ req, ctx }) => [
      {
        key: `rl:login:ip:${req.ip}`,
        limit: ctx.limits.LOGIN_LIMIT_PER_IP,
        windowMs: ctx.limits.LOGIN_WINDOW_SECONDS * 1000,
      },
    ],
    handler: async ({ body, ctx, call, req }) =>
      limitFailures(
        ctx.rateLimiter,
        {
          key: `rl:login:fail:${emailKey(body.clientId, body.email)}:${req.ip}`,
          limit: ctx.limits.LOGIN_LIMIT_PER_ACCOUNT,
          windowMs: ctx.limits.LOGIN_WINDOW_SECONDS * 1000,
        },
        () => ctx.directory.call.Login(body, call),
      ),
  }),
  route({
    method: 'post',
    path: '/auth/refresh',
    access: 'public',
    tag: 'Authentication',
    summary:
      'Exchange a refresh token for new tokens (the old refresh token stops working; reusing it signs the session out)',
    body: z.strictObject({ refreshToken: z.string().min(1).max(500) }),
    response: tokens,
    answers: [401], // unknown, expired or reused refresh token
    handler: async ({ body, ctx, call }) => ctx.directory.call.Refresh(body, call),
  }),
  route({
    method: 'post',
    path: '/auth/logout',
    access: 'public',
    tag: 'Authentication',
    summary: 'Revoke the refresh token and its session',
    body: z.strictObject({ refreshToken: z.string().min(1).max(500) }),
    status: 204,
    handler: async ({ body, ctx, call }) => ctx.directory.call.Logout(body, call),
  }),
  route({
    method: 'post',
    path: '/auth/accept-invite',
    access: 'public',
    tag: 'Authentication',
    summary: 'Set the password with the invitation token from the e-mail, and sign in',
    body: z.strictObject({ token: z.string().min(1).max(500), password: z.string().min(1).max(1000) }),
    response: tokens,
    answers: [401], // unknown, used or expired invitation token
    // Tokens are unguessable, but each attempt may cost a password hash: bounded per address.
    limits: linkRedemptionLimits,
    handler: async ({ body, ctx, call }) => ctx.directory.call.AcceptInvite(body, call),
  }),
  route({
    method: 'get',
    path: '/auth/me',
    access: 'user',
    tag: 'Authentication',
    summary: 'Who is calling: the organization, the role, and the user (null for API keys without a user)',
    response: z.object({
      clientId: z.number().int(),
      kind: z.enum(['USER', 'API_KEY']),
      role: z.enum(ROLES),
      apiKeyId: z.string().nullable(),
      user: user.nullable(),
    }),
    handler: async ({ principal, ctx, call }) => {
      const p = principal!;
      const me = p.userId ? await ctx.directory.call.GetUser({ id: p.userId }, call).catch(() => null) : null;
      return {
        clientId: p.orgId,
        kind: p.kind,
        role: p.role,
        apiKeyId: p.kind === 'API_KEY' ? p.id : null,
        user: me,
      };
    },
  }),
];
