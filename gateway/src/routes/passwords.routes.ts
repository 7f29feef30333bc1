import { z } from 'zod';
import { linkRedemptionLimits } from './link-limits';
import { route } from './route';
import { idParam, tokens, user } from './schemas';

const password = z.string().min(1).max(1000);

/** Passwords after the invitation: change your own, or follow a reset link an Admin sent. */
export const passwordRoutes = [
  route({
    method: 'post',
    path: '/auth/change-password',
    access: 'user',
    tag: 'Authentication',
    summary:
      'Change your own password (the current one proves it is you). Every session is signed out — refresh tokens of other devices stop working — and this answer carries new tokens for this one. Not for API keys (403).',
    body: z.strictObject({ currentPassword: password, newPassword: password }),
    response: tokens,
    answers: [403],
    // Per user, like login per account: a stolen session must not test passwords at speed, and
    // refreshing it (a new access token) must not buy a new budget.
    limits: ({ principal, ctx }) => [
      {
        key: `rl:change-password:${principal!.orgId}:${principal!.userId ?? principal!.id}`,
        limit: ctx.limits.LOGIN_LIMIT_PER_ACCOUNT,
        windowMs: ctx.limits.LOGIN_WINDOW_SECONDS * 1000,
      },
    ],
    handler: async ({ body, principal, ctx, call }) => {
      const tokens = await ctx.directory.call.ChangePassword(body, call);
      // Older access tokens stop at once here; other gateways drop it on the user.updated event.
      await ctx.authenticator.forgetUser(principal!.orgId, principal!.userId!);
      return tokens;
    },
  }),
  route({
    method: 'post',
    path: '/auth/reset-password',
    access: 'public',
    tag: 'Authentication',
    summary:
      'Set a new password with the token of a reset link (`/reset-password?token=…`), and sign in; the link works once and every other session is signed out. 401 when the link is invalid, used or expired.',
    body: z.strictObject({ token: z.string().min(1).max(500), password }),
    response: tokens,
    answers: [401],
    limits: linkRedemptionLimits,
    handler: async ({ body, ctx, call }) => ctx.directory.call.ResetPassword(body, call),
  }),
  route({
    method: 'post',
    path: '/users/:id/reset-password',
    access: 'admin',
    tag: 'Users',
    summary:
      'E-mail the user a one-time link to set a new password (valid 24 h unless PASSWORD_RESET_TTL_HOURS says otherwise; a new link replaces the previous one). Their current password keeps working until they use it. 409 `INVITATION_PENDING` for a user who has not accepted the invitation: resend that instead.',
    params: idParam,
    response: user,
    handler: async ({ params, ctx, call }) => ctx.directory.call.SendPasswordReset(params, call),
  }),
];
