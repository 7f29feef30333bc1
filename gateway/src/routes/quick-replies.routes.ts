import { z } from 'zod';
import {
  ID_MAX_LENGTH,
  MAX_BULK,
  QUICK_REPLY_BULK_ACTIONS,
  QUICK_REPLY_LIMITS,
  QUICK_REPLY_SHORTCUT_PATTERN,
  SEARCH_MAX_LENGTH,
} from '@inbox/contracts';
import { route } from './route';
import { bulkResult, idParam, listOf, nullable, timestamp } from './schemas';

// The inbox checks the same rules (limits from @inbox/contracts) for every gRPC caller; here they
// show in the OpenAPI document and bad input is refused at the edge.
const quickReplyFields = {
  shortcut: z
    .string()
    // The inbox's pattern, around spaces and a leading "/" that the inbox strips.
    .regex(new RegExp(String.raw`^\s*\/?${QUICK_REPLY_SHORTCUT_PATTERN.source.slice(1, -1)}\s*$`), {
      error: 'Use 1 to 32 letters, digits, "-" or "_" (a leading "/" is ignored)',
    })
    .describe('what agents type after "/" to insert the reply; unique per organization, ignoring case'),
  label: z.string().trim().min(1).max(QUICK_REPLY_LIMITS.label),
  text: z.string().trim().min(1).max(QUICK_REPLY_LIMITS.text),
  active: z.boolean(),
};

export const quickReply = z.object({
  id: z.string(),
  shortcut: z.string().describe('without the leading "/"'),
  label: z.string(),
  text: z.string(),
  active: z.boolean(),
  media: nullable(
    z.object({
      mimeType: z.string(),
      size: z.number().int().describe('bytes'),
      filename: nullable(z.string()),
    }),
  ).describe('the attachment, served at GET /quick-replies/{id}/media'),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const bulkBody = z.strictObject({
  action: z.enum(QUICK_REPLY_BULK_ACTIONS),
  selection: z.discriminatedUnion('mode', [
    z.strictObject({
      mode: z.literal('ids'),
      ids: z.array(z.string().min(1).max(ID_MAX_LENGTH)).min(1).max(MAX_BULK),
    }),
    z.strictObject({
      mode: z.literal('all'),
      search: z
        .string()
        .max(SEARCH_MAX_LENGTH)
        .optional()
        .describe('only those whose shortcut, label or text contains it'),
    }),
  ]),
});

// Literal paths (`/all`, `/bulk`) never meet `/:id` under the same method: GET and POST have no
// `/quick-replies/:id` route, and `/:id/media` has one more segment. Keep it so.
export const quickReplyRoutes = [
  route({
    method: 'get',
    path: '/quick-replies',
    access: 'user',
    tag: 'Quick replies',
    summary: 'List the active quick replies, by shortcut',
    response: listOf(quickReply),
    handler: async ({ ctx, call }) => ctx.inbox.call.ListQuickReplies({ includeInactive: false }, call),
  }),
  route({
    method: 'post',
    path: '/quick-replies',
    access: 'admin',
    tag: 'Quick replies',
    summary: 'Create a quick reply',
    body: z.strictObject({
      shortcut: quickReplyFields.shortcut,
      label: quickReplyFields.label,
      text: quickReplyFields.text,
      active: quickReplyFields.active.optional().describe('default true'),
    }),
    status: 201,
    response: quickReply,
    handler: async ({ body, ctx, call }) => ctx.inbox.call.CreateQuickReply(body, call),
  }),
  route({
    method: 'get',
    path: '/quick-replies/all',
    access: 'admin',
    tag: 'Quick replies',
    summary: 'List every quick reply, inactive ones included, by shortcut',
    response: listOf(quickReply),
    handler: async ({ ctx, call }) => ctx.inbox.call.ListQuickReplies({ includeInactive: true }, call),
  }),
  route({
    method: 'post',
    path: '/quick-replies/bulk',
    access: 'admin',
    tag: 'Quick replies',
    summary:
      'Delete, activate or deactivate quick replies by ids, or all (matching a search); answers per id',
    body: bulkBody,
    response: bulkResult,
    handler: async ({ body, ctx, call }) => {
      const { selection } = body;
      return ctx.inbox.call.BulkQuickReplies(
        selection.mode === 'ids'
          ? { action: body.action, mode: 'ids', ids: selection.ids }
          : { action: body.action, mode: 'all', ids: [], search: selection.search },
        call,
      );
    },
  }),
  route({
    method: 'patch',
    path: '/quick-replies/:id',
    access: 'admin',
    tag: 'Quick replies',
    summary: 'Update a quick reply’s shortcut, label, text or active flag',
    params: idParam,
    body: z.strictObject({
      shortcut: quickReplyFields.shortcut.optional(),
      label: quickReplyFields.label.optional(),
      text: quickReplyFields.text.optional(),
      active: quickReplyFields.active.optional(),
    }),
    response: quickReply,
    handler: async ({ params, body, ctx, call }) =>
      ctx.inbox.call.UpdateQuickReply({ id: params.id, ...body }, call),
  }),
  route({
    method: 'delete',
    path: '/quick-replies/:id',
    access: 'admin',
    tag: 'Quick replies',
    summary: 'Delete a quick reply and its media',
    params: idParam,
    status: 204,
    handler: async ({ params, ctx, call }) => ctx.inbox.call.DeleteQuickReply(params, call),
  }),
  route({
    method: 'delete',
    path: '/quick-replies/:id/media',
    access: 'admin',
    tag: 'Quick replies',
    summary: 'Remove a quick reply’s media attachment',
    params: idParam,
    response: quickReply,
    handler: async ({ params, ctx, call }) => ctx.inbox.call.RemoveQuickReplyMedia(params, call),
  }),
];
