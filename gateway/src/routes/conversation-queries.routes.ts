import { z } from 'zod';
import {
  clampWindowMinutes,
  isMessageSearchTooShort,
  MESSAGE_SEARCH_MIN_LENGTH,
  MESSAGE_SEARCH_TOO_SHORT,
  REPLY_WINDOW_MINUTES,
} from '@inbox/contracts';
import { route, type RouteSpec } from './route';
import { listOf, nullable, queryBoolean, timestamp } from './schemas';

export const CONVERSATION_STATUSES = [
  'BOT_HANDLING',
  'HUMAN_HANDLING',
  'OPEN',
  'WAITING_FOR_CUSTOMER',
  'CLOSED',
] as const;
const SORTS = ['newest', 'oldest', 'waiting_longest', 'created_newest', 'created_oldest'] as const;
const SUB_FILTERS = ['unread', 'needs_action', 'needs_action_window_open'] as const;

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
  lastMessageDirection: nullable(z.enum(['inbound', 'outbound'])),
  lastCustomerMessageAt: nullable(timestamp),
  windowExpiresAt: nullable(timestamp).describe('24 hours after the last customer message'),
  handoffSummary: nullable(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
  closedAt: nullable(timestamp),
});

const text = z.string().min(1).max(100);

// The inbox service checks the same rules (for gRPC callers); repeating them here documents them
// in the OpenAPI document and refuses bad input at the edge.
const filterFields = {
  status: z.enum(CONVERSATION_STATUSES).optional(),
  assignedTo: text.optional().describe('a user id, `me` or `none` (unassigned)'),
  search: z
    .string()
    .max(200)
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
    .pipe(z.array(text).max(20))
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
    subFilter: z.enum(SUB_FILTERS).optional(),
    sort: z.enum(SORTS).optional().describe('default newest'),
    cursor: z.string().max(2000).optional().describe('nextCursor of the previous page, with the same sort'),
    limit: z.coerce.number().int().min(1).max(100).optional().describe('default 50'),
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
        .array(z.string().min(1).max(200))
        .min(1)
        .max(50)
        .describe('categories exactly as stored (see /conversations/categories/counts)'),
      target: z.string().trim().min(1).max(200),
    }),
    response: z.object({ updated: z.number().int(), target: z.string() }),
    handler: async ({ body, ctx, call }) => ctx.inbox.call.MergeCategories(body, call),
  }),
];
