import { z } from 'zod';
import { route } from './route';

export const platformRoutes = [
  route({
    method: 'post',
    path: '/platform/organizations',
    access: 'platform',
    tag: 'Platform',
    summary:
      'Create an organization and its first Admin (operators only: Authorization: Bearer <PLATFORM_TOKEN>)',
    body: z.strictObject({
      clientId: z.number().int().positive().optional(),
      name: z.string().trim().min(1).max(200),
      admin: z.strictObject({
        email: z.email().max(320),
        name: z.string().trim().min(1).max(200),
        password: z.string().min(1).max(1000),
      }),
    }),
    status: 201,
    response: z.object({ clientId: z.number().int(), name: z.string(), adminUserId: z.string() }),
    handler: async ({ body, ctx, call }) => ctx.directory.call.CreateOrganization(body, call),
  }),
];
