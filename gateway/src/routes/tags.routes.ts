import { z } from 'zod';
import { route } from './route';
import { idParam, listOf, nullable, timestamp } from './schemas';

const tag = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string().describe('hex colour from GET /tags/colors'),
  description: nullable(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const tagFields = {
  name: z.string().trim().min(1).max(50),
  color: z.string().min(1).max(20).describe('a palette hex (#3B82F6) or name (blue)'),
  description: z.string().max(500).nullable().optional(),
};

export const tagRoutes = [
  route({
    method: 'get',
    path: '/tags',
    access: 'user',
    tag: 'Tags',
    summary: 'List the organization’s tags',
    response: listOf(tag),
    handler: async ({ ctx, call }) => ctx.directory.call.ListTags({}, call),
  }),
  route({
    method: 'post',
    path: '/tags',
    access: 'user',
    tag: 'Tags',
    summary: 'Create a tag (names are unique per organization, case-insensitively)',
    body: z.strictObject(tagFields),
    status: 201,
    response: tag,
    handler: async ({ body, ctx, call }) =>
      ctx.directory.call.CreateTag(
        { name: body.name, color: body.color, description: body.description ?? undefined },
        call,
      ),
  }),
  route({
    method: 'get',
    path: '/tags/colors',
    access: 'user',
    tag: 'Tags',
    summary: 'The fixed colour palette for tags',
    response: listOf(z.object({ name: z.string(), hex: z.string() })),
    handler: async ({ ctx, call }) => ctx.directory.call.ListTagColors({}, call),
  }),
  route({
    method: 'put',
    path: '/tags/:id',
    access: 'user',
    tag: 'Tags',
    summary: 'Update a tag’s name, colour or description (null removes the description)',
    params: idParam,
    body: z.strictObject({
      name: tagFields.name.optional(),
      color: tagFields.color.optional(),
      description: tagFields.description,
    }),
    response: tag,
    handler: async ({ params, body, ctx, call }) =>
      ctx.directory.call.UpdateTag(
        {
          id: params.id,
          name: body.name,
          color: body.color,
          description: body.description ?? undefined,
          // proto3 cannot carry a null: null fields travel as names in `clear`.
          clear: body.description === null ? ['description'] : [],
        },
        call,
      ),
  }),
  route({
    method: 'delete',
    path: '/tags/:id',
    access: 'user',
    tag: 'Tags',
    summary: 'Delete a tag; it is removed from every conversation',
    params: idParam,
    status: 204,
    handler: async ({ params, ctx, call }) => ctx.directory.call.DeleteTag(params, call),
  }),
];
