import { z } from 'zod';
import {
  HEADER_MEDIA_LIMITS,
  ID_MAX_LENGTH,
  HEADER_MEDIA_TYPES,
  TEMPLATE_LANGUAGES,
  TEMPLATE_LIMITS,
  TEMPLATE_SEND_BUTTON_TYPES,
} from '@inbox/contracts';
import type { HandlerInput } from './route';
import { idempotencyKey, messageSchema, toRest } from './messages.routes';
import { route, type RouteSpec } from './route';
import { idParam, nullable } from './schemas';
import { templateName } from './template-schemas';

const TAG = 'Templates';
const enc = encodeURIComponent;
/** The templates service asks the inbox, which sends through WhatsApp with retries. */
const SEND_DEADLINE_MS = 20_000;

const value = z.string().min(1).max(TEMPLATE_LIMITS.body);

/** A template send's parameters; also each campaign recipient's. */
export const templateParameters = z
  .strictObject({
    header: z
      .union([
        z.strictObject({ text: z.string().min(1).max(TEMPLATE_LIMITS.headerText) }),
        z.strictObject({ link: z.url({ protocol: /^https?$/ }).max(TEMPLATE_LIMITS.url) }),
        z.strictObject({ id: z.string().min(1).max(ID_MAX_LENGTH).describe('a WhatsApp media id') }),
      ])
      .optional()
      .describe(
        'TEXT header: its variable; media header: a link or media id (left out: the template’s own file)',
      ),
    body: z
      .union([
        z.array(value).max(100).describe('positional: {{1}}, {{2}}, … in order'),
        z.record(z.string().min(1).max(100), value).describe('named: { "first_name": "Pablo" }'),
      ])
      .optional(),
    buttons: z
      .array(
        z.strictObject({
          index: z
            .number()
            .int()
            .min(0)
            .max(TEMPLATE_LIMITS.buttons - 1),
          type: z.enum(TEMPLATE_SEND_BUTTON_TYPES),
          text: z.string().min(1).max(TEMPLATE_LIMITS.url).optional().describe('url suffix or coupon code'),
          payload: z.string().min(1).max(1000).optional().describe('quick reply payload'),
        }),
      )
      .max(TEMPLATE_LIMITS.buttons)
      .optional(),
  })
  .optional();

const sendFields = {
  language: z
    .enum(TEMPLATE_LANGUAGES)
    .optional()
    .describe('default: the only approved language of the name, else es_MX'),
  parameters: templateParameters,
};

const sent = z.object({
  message: messageSchema.describe('the template message as the conversation shows it (type template)'),
  conversationId: z.string(),
  conversationCreated: z
    .boolean()
    .describe('send-to-phone: the contact had no active conversation, so one was started (origin TEMPLATE)'),
});

type SendFields = { language?: string; parameters?: z.infer<typeof templateParameters> };

const json = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v));

async function send(
  { params, body, ctx, call, req }: HandlerInput<{ name: string }, unknown, SendFields>,
  to: { conversationId: string } | { phone: string },
) {
  const p = body.parameters ?? {};
  const answer = await ctx.templates.call.SendTemplate(
    {
      name: params.name,
      language: body.language,
      ...to,
      parameters: { headerJson: json(p.header), bodyJson: json(p.body), buttonsJson: json(p.buttons) },
      idempotencyKey: idempotencyKey(req.get('idempotency-key')),
    },
    { ...call, deadlineMs: SEND_DEADLINE_MS },
  );
  const message = toRest(answer.message!);
  return { message, conversationId: message.conversationId, conversationCreated: answer.conversationCreated };
}

const nameParam = z.strictObject({ name: templateName });
const sendSummary =
  'APPROVED templates only; parameters are checked against its variables (400 with field errors). Allowed outside the 24-hour window; WhatsApp’s template errors (132000–132016) answer 400/409 and stay on the message. An `Idempotency-Key` header makes a retry answer the first message.';

const mediaTypes = HEADER_MEDIA_TYPES.flatMap((t) => HEADER_MEDIA_LIMITS[t].mimeTypes);

/** The templates service's upload answer (its own snake_case shape) → the REST answer. */
const uploadedHeaderMedia = (b: {
  handle: string;
  header_type: string;
  mime_type: string;
  size: number;
  filename?: string | null;
}) => ({
  handle: b.handle,
  headerType: b.header_type,
  mimeType: b.mime_type,
  size: b.size,
  filename: b.filename ?? null,
});

export const templateSendRoutes: RouteSpec[] = [
  route({
    method: 'post',
    path: '/templates/upload-media',
    access: 'user',
    tag: TAG,
    summary: `Upload a header sample for a new template (multipart \`file\`, \`headerType\` ${HEADER_MEDIA_TYPES.join('|')}; ${HEADER_MEDIA_TYPES.map((t) => `${t}: ${HEADER_MEDIA_LIMITS[t].mimeTypes.join(', ')} ≤ ${HEADER_MEDIA_LIMITS[t].maxBytes / 1024 / 1024} MB`).join('; ')}). Answers the handle to put in the HEADER’s example.header_handle; 413 over the limit, 415 for other types.`,
    status: 201,
    response: z.object({
      handle: z.string().describe('put it in the HEADER component’s example.header_handle[0]'),
      headerType: z.enum(HEADER_MEDIA_TYPES),
      mimeType: z.string(),
      size: z.number().int(),
      filename: nullable(z.string()),
    }),
    proxy: {
      to: 'templates',
      path: () => '/internal/templates/upload-media',
      fromService: uploadedHeaderMedia,
      requestBody: {
        contentType: 'multipart/form-data',
        description: 'file (required), headerType (required)',
        fields: z.object({
          file: z.file().describe('the header sample, within its header type’s types and size'),
          headerType: z.enum(HEADER_MEDIA_TYPES).describe('the HEADER format the sample is for'),
        }),
      },
    },
  }),
  route({
    method: 'get',
    path: '/templates/:id/header-media',
    access: 'public',
    tag: TAG,
    summary:
      'The template’s header file, without authorization: the link WhatsApp fetches when the template is sent. Cacheable (ETag); 404 alike for unknown, REMOVED or media-less templates.',
    params: idParam,
    // WhatsApp's media fetchers share few addresses and a campaign fetches once per send: this
    // route has its own, larger per-address budget instead of the general one.
    unlimited: true,
    limits: ({ req, ctx }) => [
      { key: `rl:header-media:${req.ip}`, limit: ctx.limits.RATE_LIMIT_PER_MINUTE * 10, windowMs: 60_000 },
    ],
    answers: [304, 404, 429, 503],
    proxy: {
      to: 'templates',
      path: (p: { id: string }) => `/internal/templates/${enc(p.id)}/header-media`,
      responseType: mediaTypes,
    },
  }),
  route({
    method: 'post',
    path: '/templates/:name/send',
    access: 'user',
    tag: TAG,
    summary: `Send a template message to a conversation. ${sendSummary}`,
    params: nameParam,
    body: z.strictObject({ conversationId: z.string().min(1).max(ID_MAX_LENGTH), ...sendFields }),
    status: 201,
    response: sent,
    handler: async (input) => send(input, { conversationId: input.body.conversationId }),
  }),
  route({
    method: 'post',
    path: '/templates/:name/send-to-phone',
    access: 'user',
    tag: TAG,
    summary: `Send a template message to a phone number (normalized to E.164, Mexico and Brazil included): to the contact’s active conversation, or a new one (origin TEMPLATE). ${sendSummary}`,
    params: nameParam,
    body: z.strictObject({
      phone: z
        .string()
        .min(5)
        .max(30)
        .regex(
          /^\+?[\d\s().-]+$/,
          'A phone number: digits, optionally with +, spaces, dots, dashes or parentheses',
        )
        .describe('international format, e.g. +52 55 1234 5678'),
      ...sendFields,
    }),
    status: 201,
    response: sent,
    handler: async (input) => send(input, { phone: input.body.phone }),
  }),
];
