import { z } from 'zod';
import {
  ID_MAX_LENGTH,
  MAX_CURSOR_LENGTH,
  MEDIA_STATUSES,
  MESSAGE_DIRECTIONS,
  MESSAGE_SENDERS,
  MESSAGE_STATUSES,
  MESSAGE_TEXT_MAX,
  OUTCOME_UNKNOWN,
  restInteractiveSchema,
} from '@inbox/contracts';
import { invalid } from '@inbox/platform';
import { route, type RouteSpec } from './route';
import { idParam, nullable, pageLimit, timestamp } from './schemas';

/** The message as every message endpoint answers it (DESIGN §7), plus its type-specific `content`. */
export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  sender: z.enum(MESSAGE_SENDERS),
  senderUserId: nullable(z.string()),
  type: z
    .string()
    .describe('text, image, video, audio, document, sticker, interactive, template, location, …'),
  text: nullable(z.string()).describe('the text, or a media caption'),
  media: nullable(
    z.object({
      mimeType: nullable(z.string()),
      size: nullable(z.number().int()),
      filename: nullable(z.string()),
      caption: nullable(z.string()),
      status: z.enum(MEDIA_STATUSES).describe('inbound media is downloaded in the background'),
      error: nullable(z.string()),
    }),
  ),
  reaction: nullable(z.string()),
  hidden: z.boolean(),
  status: z.enum(MESSAGE_STATUSES).describe('RECEIVED for inbound messages'),
  error: nullable(z.object({ code: z.number().int(), title: z.string() })).describe(
    `the platform’s error when FAILED; code ${OUTCOME_UNKNOWN.code} (OUTCOME_UNKNOWN): the send's answer was lost and WhatsApp may have delivered it (never sent again automatically; a later status still updates it)`,
  ),
  providerMessageId: nullable(z.string()).describe('the WhatsApp message id (wamid)'),
  createdAt: timestamp,
  content: nullable(z.record(z.string(), z.unknown())).describe(
    'type-specific payload: interactive, location, contacts, context; replyToMessageId and previewUrl of an agent’s message',
  ),
});

const replyTo = z
  .string()
  .min(1)
  .max(ID_MAX_LENGTH)
  .optional()
  .describe('id of a message of this conversation to quote');

const sendBody = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('text'),
    text: z.string().min(1).max(MESSAGE_TEXT_MAX),
    previewUrl: z.boolean().optional().describe('show a preview of the first URL in the text'),
    replyToMessageId: replyTo,
  }),
  z.strictObject({
    type: z.literal('interactive'),
    interactive: restInteractiveSchema,
    replyToMessageId: replyTo,
  }),
]);

const graphemes = (s: string) => [...new Intl.Segmenter().segment(s)].length;
const emoji = z
  .string()
  .max(32)
  .refine(
    (e) => e === '' || (graphemes(e) === 1 && /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(e)),
    'One emoji, or an empty string to remove the reaction',
  );

/** Sends wait for WhatsApp, with retries of transient errors: more than the default 5 s deadline. */
const SEND_DEADLINE_MS = 15_000;

export function idempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (header.length < 1 || header.length > 200) {
    const message = 'The Idempotency-Key header must be 1 to 200 characters';
    throw invalid('VALIDATION_FAILED', message, [{ path: 'Idempotency-Key', message }]);
  }
  return header;
}

/** JSON text from gRPC becomes an object in the answer. */
export const toRest = <M extends { contentJson?: string }>({ contentJson, ...m }: M) => ({
  ...m,
  content: contentJson ? (JSON.parse(contentJson) as unknown) : null,
});

export const messageRoutes: RouteSpec[] = [
  route({
    method: 'get',
    path: '/conversations/:id/messages',
    access: 'user',
    tag: 'Messages',
    summary: 'The conversation’s messages, newest first (hidden ones included, with hidden=true)',
    params: idParam,
    query: z.strictObject({
      cursor: z.string().max(MAX_CURSOR_LENGTH).optional().describe('nextCursor of the previous page'),
      limit: pageLimit,
    }),
    response: z.object({ data: z.array(messageSchema), nextCursor: nullable(z.string()) }),
    handler: async ({ params, query, ctx, call }) => {
      const page = await ctx.inbox.call.ListMessages({ conversationId: params.id, ...query }, call);
      return { data: (page.data ?? []).map(toRest), nextCursor: page.nextCursor };
    },
  }),
  route({
    method: 'post',
    path: '/conversations/:id/messages',
    access: 'user',
    tag: 'Messages',
    summary:
      'Send a text or interactive message (409 WINDOW_CLOSED outside the 24-hour window). An `Idempotency-Key` header makes a retry answer the first message instead of sending again.',
    params: idParam,
    body: sendBody,
    status: 201,
    response: messageSchema,
    handler: async ({ params, body, ctx, call, req }) => {
      const key = idempotencyKey(req.get('idempotency-key'));
      const message = await ctx.inbox.call.SendMessage(
        {
          conversationId: params.id,
          type: body.type,
          text: body.type === 'text' ? body.text : undefined,
          previewUrl: body.type === 'text' ? (body.previewUrl ?? false) : false,
          interactiveJson: body.type === 'interactive' ? JSON.stringify(body.interactive) : undefined,
          replyToMessageId: body.replyToMessageId,
          idempotencyKey: key,
        },
        { ...call, deadlineMs: SEND_DEADLINE_MS },
      );
      return toRest(message);
    },
  }),
  route({
    method: 'post',
    path: '/messages/:id/react',
    access: 'user',
    tag: 'Messages',
    summary: 'React to a message through WhatsApp; an empty emoji removes the reaction',
    params: idParam,
    body: z.strictObject({ emoji }),
    response: messageSchema,
    handler: async ({ params, body, ctx, call }) =>
      toRest(
        await ctx.inbox.call.React(
          { messageId: params.id, emoji: body.emoji },
          { ...call, deadlineMs: SEND_DEADLINE_MS },
        ),
      ),
  }),
  route({
    method: 'post',
    path: '/messages/:id/retry-media',
    access: 'user',
    tag: 'Messages',
    summary: 'Download a customer’s media again after it FAILED (or stayed PENDING over 10 minutes)',
    params: idParam,
    response: messageSchema,
    handler: async ({ params, ctx, call }) =>
      toRest(await ctx.inbox.call.RetryMedia({ id: params.id }, call)),
  }),
  route({
    method: 'post',
    path: '/messages/:id/toggle-hide',
    access: 'user',
    tag: 'Messages',
    summary: 'Hide a message, or show it again',
    params: idParam,
    response: messageSchema,
    handler: async ({ params, ctx, call }) =>
      toRest(await ctx.inbox.call.ToggleHide({ id: params.id }, call)),
  }),
];
