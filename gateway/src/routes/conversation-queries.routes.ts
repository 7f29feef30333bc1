import { z } from 'zod';
import {
  clampWindowMinutes,
  CONVERSATION_LIMITS,
  CONVERSATION_SORTS,
  CONVERSATION_STATUSES,
  CONVERSATION_SUB_FILTERS,
  DEFAULT_CONVERSATION_SORT,
  ID_MAX_LENGTH,
  isMessageSearchTooShort,
  MAX_CURSOR_LENGTH,
  MESSAGE_DIRECTIONS,
  MESSAGE_SEARCH_MIN_LENGTH,
  MESSAGE_SEARCH_TOO_SHORT,
  REPLY_WINDOW_MINUTES,
  SEARCH_MAX_LENGTH,
} from '@inbox/contracts';
import { route, type RouteSpec } from './route';
import { listOf, nullable, pageLimit, queryBoolean, timestamp } from './schemas';

/** The conversation as every conversation endpoint answers it. */
export const conversationSchema = z.object({
  id: z.string(),
  waId: z.string(),
  contact: z.object({
    waId: z.string(),
    name: nullable(z.string()).describe('the name an agent set, else the WhatsApp profile name'),
    alias: nullable(z.string()),
  }),
  status: z.enum(CONVERSATION_STATUSES),
  assignedTo: nullable(z.string()).describe('user id'),
  teamId: nullable(z.string()),
  category: nullable(z.string()),
  origin: z.string().describe('CUSTOMER | AGENT | CAMPAIGN | TEMPLATE | API'),
  followUp: z.boolean(),
  followUpNote: nullable(z.string()),
  unreadCount: z.number().int(),
  tagIds: z.array(z.string()),
  lastMessageAt: nullable(timestamp),
  lastMessagePreview: nullable(z.string()),
  lastMessageDirection: nullable(z.enum(MESSAGE_DIRECTIONS)),
  lastCustomerMessageAt: nullable(timestamp),
  windowExpiresAt: nullable(timestamp).describe('24 hours after the last customer message'),
  handoffSummary: nullable(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
  closedAt: nullable(timestamp),
});

/** Ids and the short names filters compare with (category, origin). */
const text = z.string().min(1).max(ID_MAX_LENGTH);

// The inbox service checks the same rules (for gRPC callers); repeating them here documents them
// in the OpenAPI document and refuses bad input at the edge.
const filterFields = {
  status: z.enum(CONVERSATION_STATUSES).optional(),
  assignedTo: text.optional().describe('a user id, `me` or `none` (unassigned)'),
  search: z
    .string()
    .max(SEARCH_MAX_LENGTH)
    .optional()
    .describe("contact name, profile name, alias or number contains it (case-insensitive); '' is no search"),
  searchInMessages: queryBoolean
    .optional()
    .describe(`search also matches message text (then at least ${MESSAGE_SEARCH_MIN_LENGTH} characters)`),
  teamId: text.optional(),
  category: text.optional(),
  origin: text.optional(),
  followUp: queryBoolean.optional().describe('true: only conversations flagged for follow-up'),
  // Any positive integer, however large (not only safe integers): the inbox's int32 gets it clamped.
  windowExpiresWithin: z.coerce
    .number()
    .min(1)
    .refine(Number.isInteger, 'A whole number of minutes')
    .transform(clampWindowMinutes)
    .meta({ type: 'integer' })
    .optional()
    .describe(
      `minutes: the reply window is still open and closes within them; ${REPLY_WINDOW_MINUTES} or more means every open window`,
    ),
  tagIds: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .pipe(z.array(text).max(CONVERSATION_LIMITS.filterTagIds))
    .optional()
    .describe('comma-separated; a conversation matches when it has every one of these tags'),
};

/** A one- or two-letter message search would scan every message of the organization. */
const messageSearchLength = (q: { search?: string; searchInMessages?: boolean }, ctx: z.RefinementCtx) => {
  if (isMessageSearchTooShort(q.search, q.searchInMessages))
    ctx.addIssue({ code: 'custom', path: ['search'], message: MESSAGE_SEARCH_TOO_SHORT });
};

const listQuery = z
  .strictObject({
    ...filterFields,
    subFilter: z.enum(CONVERSATION_SUB_FILTERS).optional(),
    sort: z.enum(CONVERSATION_SORTS).optional().describe(`default ${DEFAULT_CONVERSATION_SORT}`),
    cursor: z
      .string()
      .max(MAX_CURSOR_LENGTH)
      .optional()
      .describe('nextCursor of the previous page, with the same sort'),
    limit: pageLimit,
  })
  .superRefine(messageSearchLength);
const countsQuery = z.strictObject(filterFields).superRefine(messageSearchLength);
type FilterQuery = z.infer<typeof countsQuery>;

/** `assignedTo=me` is the caller: services see user ids, not words. */
const toFilter = (q: FilterQuery, userId: string | null | undefined) => ({
  ...q,
  assignedTo: q.assignedTo === 'me' && userId ? userId : q.assignedTo,
});

export const conversationQueryRoutes: RouteSpec[] = [
  route({
    method: 'get',
    path: '/conversations',
    access: 'user',
    tag: 'Conversations',
    summary: 'List conversations (every status unless filtered), a cursor page at a time',
    query: listQuery,
    response: z.object({ data: z.array(conversationSchema), nextCursor: nullable(z.string()) }),
    handler: async ({ query, principal, ctx, call }) => {
      const { subFilter, sort, cursor, limit, ...filter } = query;
      return ctx.inbox.call.ListConversations(
        { filter: { ...toFilter(filter, principal?.userId), subFilter }, sort, cursor, limit },
        call,
      );
    },
  }),
  route({
    method: 'get',
    path: '/conversations/counts',
    access: 'user',
    tag: 'Conversations',
    summary: 'How many conversations match the filters, in all and per sub-filter',
    query: countsQuery,
    response: z.object({
      all: z.number().int(),
      unread: z.number().int(),
      needs_action: z.number().int(),
      needs_action_window_open: z.number().int(),
    }),
    handler: async ({ query, principal, ctx, call }) => {
      const counts = await ctx.inbox.call.CountConversations(toFilter(query, principal?.userId), call);
      return {
        all: counts.all,
        unread: counts.unread,
        needs_action: counts.needsAction,
        needs_action_window_open: counts.needsActionWindowOpen,
      };
    },
  }),
  route({
    method: 'get',
    path: '/conversations/categories',
    access: 'user',
    tag: 'Conversations',
    summary: 'The distinct categories of the organization’s conversations, alphabetically',
    response: listOf(z.string()),
    handler: async ({ ctx, call }) => ctx.inbox.call.ListCategories({}, call),
  }),
  route({
    method: 'get',
    path: '/conversations/categories/counts',
    access: 'admin',
    tag: 'Conversations',
    summary: 'Each raw category with its number of conversations, for the merge tool',
    response: listOf(z.object({ category: z.string(), count: z.number().int() })),
    handler: async ({ ctx, call }) => ctx.inbox.call.CountCategories({}, call),
  }),
  route({
    method: 'post',
    path: '/conversations/categories/merge',
    access: 'admin',
    tag: 'Conversations',
    summary: 'Merge near-duplicate categories into one: every conversation of a source gets the target',
    body: z.strictObject({
      sources: z
        .array(z.string().min(1).max(CONVERSATION_LIMITS.mergeCategory))
        .min(1)
        .max(CONVERSATION_LIMITS.mergeSources)
        .describe('categories exactly as stored (see /conversations/categories/counts)'),
      target: z.string().trim().min(1).max(CONVERSATION_LIMITS.mergeCategory),
    }),
    response: z.object({ updated: z.number().int(), target: z.string() }),
    handler: async ({ body, ctx, call }) => ctx.inbox.call.MergeCategories(body, call),
  }),
];
