import { z } from 'zod';
import { ROLES, SEARCH_MAX_LENGTH, USER_STATUSES } from '@inbox/contracts';
import { route } from './route';
import { bulkBody, bulkResult, idParam, listOf, user } from './schemas';

const userFilter = z.strictObject({
  search: z.string().max(SEARCH_MAX_LENGTH).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
});

export const userRoutes = [
  route({
    method: 'get',
    path: '/users',
    access: 'user',
    tag: 'Users',
    summary: 'List the organization’s users (agents); deleted users are not listed',
    query: userFilter,
    response: listOf(user),
    handler: async ({ query, ctx, call }) => ctx.directory.call.ListUsers(query, call),
  }),
  route({
    method: 'post',
    path: '/users',
    access: 'admin',
    tag: 'Users',
    summary: 'Create a user and e-mail them an invitation to set their password',
    body: z.strictObject({
      email: z.email().max(320),
      name: z.string().trim().min(1).max(200),
      role: z.enum(ROLES).optional(),
    }),
    status: 201,
    response: user,
    handler: async ({ body, ctx, call }) => ctx.directory.call.CreateUser(body, call),
  }),
  route({
    method: 'get',
    path: '/users/:id',
    access: 'user',
    tag: 'Users',
    summary: 'Get a user',
    params: idParam,
    response: user,
    handler: async ({ params, ctx, call }) => ctx.directory.call.GetUser(params, call),
  }),
  route({
    method: 'patch',
    path: '/users/:id',
    access: 'admin',
    tag: 'Users',
    summary: 'Update a user’s name, e-mail or role (the last Admin cannot be demoted)',
    params: idParam,
    body: z.strictObject({
      name: z.string().trim().min(1).max(200).optional(),
      email: z.email().max(320).optional(),
      role: z.enum(ROLES).optional(),
    }),
    response: user,
    handler: async ({ params, body, principal, ctx, call }) => {
      const updated = await ctx.directory.call.UpdateUser({ id: params.id, ...body }, call);
      // A role change applies to the user's next request, not after the cache expires.
      await ctx.authenticator.forgetUser(principal!.orgId, params.id);
      return updated;
    },
  }),
  route({
    method: 'delete',
    path: '/users/:id',
    access: 'admin',
    tag: 'Users',
    summary: 'Soft-delete a user: their sessions and the API keys they created stop working at once',
    params: idParam,
    status: 204,
    handler: async ({ params, principal, ctx, call }) => {
      await ctx.directory.call.DeleteUser(params, call);
      await ctx.authenticator.forgetUser(principal!.orgId, params.id);
    },
  }),
  route({
    method: 'post',
    path: '/users/:id/resend-invite',
    access: 'admin',
    tag: 'Users',
    summary: 'Send a new invitation e-mail (the previous link stops working)',
    params: idParam,
    response: user,
    handler: async ({ params, ctx, call }) => ctx.directory.call.ResendInvite(params, call),
  }),
  route({
    method: 'patch',
    path: '/users/:id/status',
    access: 'user',
    tag: 'Users',
    summary: 'Set a user’s online status: your own, or anyone’s as an Admin',
    params: idParam,
    body: z.strictObject({ status: z.enum(USER_STATUSES) }),
    response: user,
    answers: [403], // an Agent changing someone else's status
    handler: async ({ params, body, ctx, call }) =>
      ctx.directory.call.SetUserStatus({ id: params.id, status: body.status }, call),
  }),
  route({
    method: 'post',
    path: '/users/bulk',
    access: 'admin',
    tag: 'Users',
    summary: 'Bulk action on users (`delete`), by ids or on all matching a filter; answers per id',
    body: bulkBody(userFilter),
    response: bulkResult,
    handler: async ({ body, principal, ctx, call }) => {
      const selection = body.selection;
      const result = await ctx.directory.call.BulkUsers(
        selection.mode === 'ids'
          ? { action: body.action, mode: 'ids', ids: selection.ids }
          : { action: body.action, mode: 'all', ids: [], filter: selection.filter },
        call,
      );
      await Promise.all(result.succeeded.map((id) => ctx.authenticator.forgetUser(principal!.orgId, id)));
      return result;
    },
  }),
];
