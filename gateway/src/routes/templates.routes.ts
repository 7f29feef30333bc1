import { z } from 'zod';
import {
  ID_MAX_LENGTH,
  MAX_BULK,
  MAX_CURSOR_LENGTH,
  TEMPLATE_BULK_ACTIONS,
  TEMPLATE_LABEL_MAX,
} from '@inbox/contracts';
import { route, type RouteSpec } from './route';
import { bulkResult, idParam, nullable, pageLimit } from './schemas';
import {
  templateFilter,
  templateFilterFields,
  templateInputBody,
  templateSchema,
  templateWithHistory,
  toFilter,
  toRestTemplate,
  toTemplateInput,
} from './template-schemas';

const TAG = 'Templates';
/** Calls that wait for WhatsApp (submit, edit, delete): more than the default 5 s deadline. */
const PROVIDER_DEADLINE_MS = 20_000;
/** A sync pages through every template of the WABA. */
const SYNC_DEADLINE_MS = 120_000;

/** Folder and inbox category: short labels, like a conversation's category. */
const label = z.string().trim().max(TEMPLATE_LABEL_MAX);

const bulkBody = z
  .strictObject({
    action: z.enum(TEMPLATE_BULK_ACTIONS),
    selection: z.discriminatedUnion('mode', [
      z.strictObject({
        mode: z.literal('ids'),
        ids: z.array(z.string().min(1).max(ID_MAX_LENGTH)).min(1).max(MAX_BULK),
      }),
      z.strictObject({
        mode: z.literal('all'),
        filter: templateFilter.optional().describe('the filters of GET /templates'),
      }),
    ]),
    folder: label
      .nullable()
      .optional()
      .describe('with `move`: the folder; null or "" takes them out of folders'),
    inboxCategory: label.nullable().optional().describe('with `set_inbox_category`; null or "" clears it'),
  })
  .superRefine((b, ctx) => {
    if (b.action === 'move' && b.folder === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['folder'],
        message: 'Give the folder to move to (null for none)',
      });
    if (b.action === 'set_inbox_category' && b.inboxCategory === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['inboxCategory'],
        message: 'Give the inbox category (null for none)',
      });
  });

/** An action on one template answering the template: POST /templates/{id}/<path>. */
const action = (
  path: string,
  summary: string,
  method: 'SubmitTemplate' | 'DuplicateTemplate',
  status: 200 | 201,
) =>
  route({
    method: 'post',
    path: `/templates/:id/${path}`,
    access: 'user',
    tag: TAG,
    summary,
    params: idParam,
    status,
    response: templateSchema,
    handler: async ({ params, ctx, call }) =>
      toRestTemplate(await ctx.templates.call[method](params, { ...call, deadlineMs: PROVIDER_DEADLINE_MS })),
  });

// Literal paths (/templates/draft, /sync, /bulk) before parameterized ones (/templates/:id).
export const templateRoutes: RouteSpec[] = [
  route({
    method: 'get',
    path: '/templates',
    access: 'user',
    tag: TAG,
    summary:
      'List templates: APPROVED ones unless `status` says otherwise; by name, then language, by cursor',
    query: z.strictObject({
      ...templateFilterFields,
      cursor: z
        .string()
        .max(MAX_CURSOR_LENGTH)
        .optional()
        .describe('nextCursor of the previous page, with the same filters'),
      limit: pageLimit,
    }),
    response: z.object({ data: z.array(templateSchema), nextCursor: nullable(z.string()) }),
    handler: async ({ query, ctx, call }) => {
      const { cursor, limit, ...filter } = query;
      const page = await ctx.templates.call.ListTemplates(
        { filter: toFilter(filter), cursor, limit: limit ?? 0 },
        call,
      );
      return { data: (page.data ?? []).map(toRestTemplate), nextCursor: page.nextCursor };
    },
  }),
  route({
    method: 'post',
    path: '/templates',
    access: 'user',
    tag: TAG,
    summary:
      'Create a template and submit it to WhatsApp for approval: it is stored PENDING with WhatsApp’s id (409 when the name and language exist)',
    body: templateInputBody,
    status: 201,
    response: templateSchema,
    handler: async ({ body, ctx, call }) =>
      toRestTemplate(
        await ctx.templates.call.CreateTemplate(toTemplateInput(body), {
          ...call,
          deadlineMs: PROVIDER_DEADLINE_MS,
        }),
      ),
  }),
  route({
    method: 'post',
    path: '/templates/draft',
    access: 'user',
    tag: TAG,
    summary: 'Save a template locally as DRAFT (nothing is sent to WhatsApp until it is submitted)',
    body: templateInputBody,
    status: 201,
    response: templateSchema,
    handler: async ({ body, ctx, call }) =>
      toRestTemplate(await ctx.templates.call.CreateDraft(toTemplateInput(body), call)),
  }),
  route({
    method: 'post',
    path: '/templates/sync',
    access: 'user',
    tag: TAG,
    summary:
      'Bring the organization’s templates in line with WhatsApp: new ones are added, changed ones updated, ones WhatsApp no longer has become REMOVED (folder and inbox category are kept)',
    response: z.object({
      created: z.number().int(),
      updated: z.number().int(),
      removed: z.number().int(),
      unchanged: z.number().int(),
    }),
    // Each sync pages through the whole WABA at WhatsApp: a few per organization and hour.
    limits: ({ ctx, principal }) => [
      {
        key: `rl:templates-sync:${principal!.orgId}`,
        limit: ctx.limits.TEMPLATE_SYNC_LIMIT_PER_HOUR,
        windowMs: 3_600_000,
      },
    ],
    handler: async ({ ctx, call }) =>
      ctx.templates.call.SyncTemplates({}, { ...call, deadlineMs: SYNC_DEADLINE_MS }),
  }),
  route({
    method: 'post',
    path: '/templates/bulk',
    access: 'admin',
    tag: TAG,
    summary: `Bulk action on templates (\`delete\` marks REMOVED, \`move\` to a folder, \`set_inbox_category\`), by ids or on all matching the list’s filters (at most ${MAX_BULK}); answers per id`,
    body: bulkBody,
    response: bulkResult,
    handler: async ({ body, ctx, call }) => {
      const { selection } = body;
      return ctx.templates.call.BulkTemplates(
        {
          action: body.action,
          mode: selection.mode,
          ids: selection.mode === 'ids' ? selection.ids : [],
          filter: selection.mode === 'all' ? toFilter(selection.filter) : undefined,
          folder: body.action === 'move' ? (body.folder ?? '') : undefined,
          inboxCategory: body.action === 'set_inbox_category' ? (body.inboxCategory ?? '') : undefined,
        },
        call,
      );
    },
  }),
  route({
    method: 'get',
    path: '/templates/:id',
    access: 'user',
    tag: TAG,
    summary: 'A template with the history of its status changes',
    params: idParam,
    response: templateWithHistory,
    handler: async ({ params, ctx, call }) =>
      toRestTemplate(await ctx.templates.call.GetTemplate(params, call)),
  }),
  route({
    method: 'put',
    path: '/templates/:id/draft',
    access: 'user',
    tag: TAG,
    summary: 'Replace a DRAFT’s content (409 once it was submitted)',
    params: idParam,
    body: templateInputBody,
    response: templateSchema,
    handler: async ({ params, body, ctx, call }) =>
      toRestTemplate(
        await ctx.templates.call.UpdateDraft({ id: params.id, input: toTemplateInput(body) }, call),
      ),
  }),
  action('submit', 'Submit a DRAFT to WhatsApp for approval: it becomes PENDING', 'SubmitTemplate', 200),
  route({
    method: 'put',
    path: '/templates/:id',
    access: 'user',
    tag: TAG,
    summary:
      'Edit an APPROVED, REJECTED or PAUSED template’s components (and category, unless APPROVED) in WhatsApp. Name and language cannot change (409); an APPROVED template may be edited once per 24 hours and 10 times per 30 days (409 with the next allowed time)',
    params: idParam,
    body: templateInputBody,
    response: templateSchema,
    handler: async ({ params, body, ctx, call }) =>
      toRestTemplate(
        await ctx.templates.call.EditTemplate(
          { id: params.id, input: toTemplateInput(body) },
          { ...call, deadlineMs: PROVIDER_DEADLINE_MS },
        ),
      ),
  }),
  route({
    method: 'delete',
    path: '/templates/:id',
    access: 'user',
    tag: TAG,
    summary:
      'Remove the template here (it becomes REMOVED); WhatsApp keeps it (see DELETE /templates/{id}/provider)',
    params: idParam,
    status: 204,
    handler: async ({ params, ctx, call }) => ctx.templates.call.RemoveTemplate(params, call),
  }),
  route({
    method: 'delete',
    path: '/templates/:id/provider',
    access: 'admin',
    tag: TAG,
    summary:
      'Delete the template in WhatsApp (this language only: by name and template id) and mark it REMOVED',
    params: idParam,
    status: 204,
    handler: async ({ params, ctx, call }) =>
      ctx.templates.call.DeleteInProvider(params, { ...call, deadlineMs: PROVIDER_DEADLINE_MS }),
  }),
  action(
    'duplicate',
    'Copy the template as a DRAFT under a free name (<name>_copy, <name>_copy_2, …)',
    'DuplicateTemplate',
    201,
  ),
  route({
    method: 'patch',
    path: '/templates/:id/folder',
    access: 'admin',
    tag: TAG,
    summary: 'Put the template in a folder (null or "" takes it out)',
    params: idParam,
    body: z.strictObject({ folder: label.nullable() }),
    response: templateSchema,
    handler: async ({ params, body, ctx, call }) =>
      toRestTemplate(await ctx.templates.call.SetFolder({ id: params.id, folder: body.folder ?? '' }, call)),
  }),
  route({
    method: 'patch',
    path: '/templates/:id/inbox-category',
    access: 'admin',
    tag: TAG,
    summary:
      'The category a conversation gets when the customer replies to this template and it has none yet (null or "" clears it)',
    params: idParam,
    body: z.strictObject({ inboxCategory: label.nullable() }),
    response: templateSchema,
    handler: async ({ params, body, ctx, call }) =>
      toRestTemplate(
        await ctx.templates.call.SetInboxCategory(
          { id: params.id, inboxCategory: body.inboxCategory ?? '' },
          call,
        ),
      ),
  }),
];
