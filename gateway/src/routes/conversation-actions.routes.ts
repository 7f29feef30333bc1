import { z } from 'zod';
import {
  CONVERSATION_CLEARABLE,
  CONVERSATION_LIMITS,
  CONVERSATION_STATUSES,
  ID_MAX_LENGTH,
} from '@inbox/contracts';
import { conversationSchema } from './conversation-queries.routes';
import { route, type RouteSpec } from './route';
import { idParam, listOf, nullable, timestamp } from './schemas';

const TAG = 'Conversations';
const id = z.string().min(1).max(ID_MAX_LENGTH);
const conversationTagParams = z.strictObject({ conversationId: id });

const summarySchema = z.object({
  id: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  category: nullable(z.string()),
  origin: z.string(),
  assignedTo: nullable(z.string()),
  messageCount: z.number().int(),
  createdAt: timestamp,
  closedAt: nullable(timestamp),
  lastMessageAt: nullable(timestamp),
  current: z.boolean().describe('the conversation the timeline was asked for'),
});

// The inbox checks the same limits for other gRPC callers; here they document the API and stop bad input at the edge.
const patchBody = z
  .strictObject({
    status: z
      .enum(CONVERSATION_STATUSES)
      .optional()
      .describe(
        'moves through the same actions as their endpoints: CLOSED resolves, BOT_HANDLING returns to the bot, HUMAN_HANDLING takes over (or assigns `assignedTo`), OPEN reopens a closed conversation or releases an active one; WAITING_FOR_CUSTOMER only follows an agent’s message (409)',
      ),
    assignedTo: id.nullable().optional().describe('a user id; null unassigns'),
    teamId: id.nullable().optional(),
    category: z.string().trim().min(1).max(CONVERSATION_LIMITS.category).nullable().optional(),
    handoffSummary: z
      .string()
      .max(CONVERSATION_LIMITS.handoffSummary)
      .nullable()
      .optional()
      .describe('context for the bot; null clears'),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Give at least one field');

type PatchBody = z.infer<typeof patchBody>;

/** proto3 cannot carry a null: null fields travel as names in `clear`. */
function toUpdateRequest(conversationId: string, body: PatchBody) {
  const clear = CONVERSATION_CLEARABLE.filter((field) => body[field] === null);
  const value = (field: (typeof CONVERSATION_CLEARABLE)[number]) => body[field] ?? undefined;
  return {
    id: conversationId,
    status: body.status,
    assignedTo: value('assignedTo'),
    teamId: value('teamId'),
    category: value('category'),
    handoffSummary: value('handoffSummary'),
    clear,
  };
}

/** A conversation action without a body: POST /conversations/{id}/<path>. */
const action = (
  path: string,
  summary: string,
  method: 'Takeover' | 'MarkRead' | 'Unassign' | 'Resolve' | 'Reopen',
) =>
  route({
    method: 'post',
    path: `/conversations/:id/${path}`,
    access: 'user',
    tag: TAG,
    summary,
    params: idParam,
    response: conversationSchema,
    handler: async ({ params, ctx, call }) => ctx.inbox.call[method](params, call),
  });

export const conversationActionRoutes: RouteSpec[] = [
  route({
    method: 'get',
    path: '/conversations/:id',
    access: 'user',
    tag: TAG,
    summary: 'Get a conversation',
    params: idParam,
    response: conversationSchema,
    handler: async ({ params, ctx, call }) => ctx.inbox.call.GetConversation(params, call),
  }),
  route({
    method: 'patch',
    path: '/conversations/:id',
    access: 'user',
    tag: TAG,
    summary: 'Update status, assignment, team, category or handoff summary in one step (all or nothing)',
    params: idParam,
    body: patchBody,
    response: conversationSchema,
    handler: async ({ params, body, ctx, call }) =>
      ctx.inbox.call.UpdateConversation(toUpdateRequest(params.id, body), call),
  }),
  action(
    'takeover',
    'Take the conversation (from the bot, the queue or another agent): it is assigned to you',
    'Takeover',
  ),
  route({
    method: 'post',
    path: '/conversations/:id/return-to-bot',
    access: 'user',
    tag: TAG,
    summary: 'Return the conversation to the bot, unassigned; a summary given replaces the stored one',
    params: idParam,
    body: z
      .strictObject({ handoffSummary: z.string().max(CONVERSATION_LIMITS.handoffSummary).optional() })
      .default({}),
    response: conversationSchema,
    handler: async ({ params, body, ctx, call }) =>
      ctx.inbox.call.ReturnToBot({ id: params.id, handoffSummary: body.handoffSummary }, call),
  }),
  action(
    'read',
    'Mark as read: clears the unread count and sends a read receipt to the customer',
    'MarkRead',
  ),
  route({
    method: 'post',
    path: '/conversations/:id/assign',
    access: 'user',
    tag: TAG,
    summary:
      'Assign to an active user of the organization (from the bot or the queue it becomes HUMAN_HANDLING)',
    params: idParam,
    body: z.strictObject({ userId: id }),
    response: conversationSchema,
    handler: async ({ params, body, ctx, call }) =>
      ctx.inbox.call.Assign({ id: params.id, userId: body.userId }, call),
  }),
  action('unassign', 'Release the conversation for other agents (it becomes OPEN)', 'Unassign'),
  action('resolve', 'Resolve (close) the conversation', 'Resolve'),
  route({
    method: 'get',
    path: '/conversations/:id/reopen-status',
    access: 'user',
    tag: TAG,
    summary: 'Whether a closed conversation can be reopened, and whether its reply window is still open',
    params: idParam,
    response: z.object({
      canReopen: z.boolean(),
      reason: nullable(z.enum(['NOT_CLOSED', 'NEWER_ACTIVE_CONVERSATION'])),
      windowOpen: z.boolean().describe('free-form messages can be sent; otherwise only templates'),
      windowExpiresAt: nullable(timestamp),
    }),
    handler: async ({ params, ctx, call }) => ctx.inbox.call.GetReopenStatus(params, call),
  }),
  action('reopen', 'Reopen a closed conversation (409 while the contact has another active one)', 'Reopen'),
  route({
    method: 'post',
    path: '/conversations/:id/follow-up',
    access: 'user',
    tag: TAG,
    summary: 'Flag for follow-up; the note given replaces the previous one',
    params: idParam,
    body: z.strictObject({ note: z.string().max(CONVERSATION_LIMITS.followUpNote).optional() }).default({}),
    response: conversationSchema,
    handler: async ({ params, body, ctx, call }) =>
      ctx.inbox.call.SetFollowUp({ id: params.id, note: body.note }, call),
  }),
  route({
    method: 'delete',
    path: '/conversations/:id/follow-up',
    access: 'user',
    tag: TAG,
    summary: 'Remove the follow-up flag and its note',
    params: idParam,
    status: 204,
    handler: async ({ params, ctx, call }) => ctx.inbox.call.ClearFollowUp(params, call),
  }),
  route({
    method: 'get',
    path: '/conversations/:id/timeline',
    access: 'user',
    tag: TAG,
    summary: 'Every conversation of the same contact (this one included), newest first',
    params: idParam,
    response: listOf(summarySchema),
    handler: async ({ params, ctx, call }) => ctx.inbox.call.GetTimeline(params, call),
  }),
  route({
    method: 'get',
    path: '/conversations/:id/contact-history',
    access: 'user',
    tag: TAG,
    summary: 'What the contact’s other conversations add up to',
    params: idParam,
    response: z.object({
      waId: z.string(),
      conversationCount: z.number().int(),
      messageCount: z.number().int(),
      firstContactAt: nullable(timestamp),
      lastContactAt: nullable(timestamp),
      categories: z.array(z.object({ category: z.string(), count: z.number().int() })),
      conversations: z.array(summarySchema).describe('the other conversations, newest first'),
    }),
    handler: async ({ params, ctx, call }) => ctx.inbox.call.GetContactHistory(params, call),
  }),
  route({
    method: 'post',
    path: '/conversations/:conversationId/tags',
    access: 'user',
    tag: TAG,
    summary: 'Add a tag of the organization to the conversation (adding it again changes nothing)',
    params: conversationTagParams,
    body: z.strictObject({ tagId: id }),
    response: conversationSchema,
    handler: async ({ params, body, ctx, call }) =>
      ctx.inbox.call.AddConversationTag({ conversationId: params.conversationId, tagId: body.tagId }, call),
  }),
  route({
    method: 'delete',
    path: '/conversations/:conversationId/tags/:tagId',
    access: 'user',
    tag: TAG,
    summary: 'Remove a tag from the conversation (a tag it does not have is a no-op)',
    params: conversationTagParams.extend({ tagId: id }),
    status: 204,
    handler: async ({ params, ctx, call }) => ctx.inbox.call.RemoveConversationTag(params, call),
  }),
];
