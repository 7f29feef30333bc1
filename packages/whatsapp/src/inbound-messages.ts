import { z } from 'zod';

/**
 * Inbound messages (`value.messages[]`, reference §1.5). Objects are loose so new fields never break
 * ingestion; the fields the inbox reads are required and typed.
 */

export const unixSecondsSchema = z.string().regex(/^\d+$/, 'expected Unix seconds as a string');

export const webhookErrorSchema = z.looseObject({
  code: z.number().int(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.looseObject({ details: z.string().optional() }).optional(),
  href: z.string().optional(),
});

const contextSchema = z.looseObject({
  from: z.string().optional(),
  id: z.string().optional(),
  forwarded: z.boolean().optional(),
  frequently_forwarded: z.boolean().optional(),
  referred_product: z.looseObject({ catalog_id: z.string(), product_retailer_id: z.string() }).optional(),
});

const referralSchema = z.looseObject({
  source_url: z.string().optional(),
  source_id: z.string().optional(),
  source_type: z.string().optional(),
  body: z.string().optional(),
  headline: z.string().optional(),
  media_type: z.string().optional(),
  image_url: z.string().optional(),
  video_url: z.string().optional(),
  thumbnail_url: z.string().optional(),
  ctwa_clid: z.string().optional(),
  welcome_message: z.looseObject({ text: z.string() }).optional(),
});

const common = {
  from: z.string().min(1),
  id: z.string().min(1),
  timestamp: unixSecondsSchema,
  from_user_id: z.string().optional(),
  context: contextSchema.optional(),
  referral: referralSchema.optional(),
  errors: z.array(webhookErrorSchema).optional(),
};

const media = {
  id: z.string().min(1),
  mime_type: z.string().min(1),
  // Hex in some Meta examples, base64 in others: an opaque string.
  sha256: z.string().optional(),
  // Added to inbound media since Nov 2025; without it, resolve the id with GET /{media-id}.
  url: z.string().optional(),
};

const message = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.looseObject({ ...common, type: z.literal(type), ...shape });

const interactiveReplySchema = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('button_reply'),
    button_reply: z.looseObject({ id: z.string(), title: z.string() }),
  }),
  z.looseObject({
    type: z.literal('list_reply'),
    list_reply: z.looseObject({ id: z.string(), title: z.string(), description: z.string().optional() }),
  }),
  z.looseObject({
    type: z.literal('nfm_reply'),
    nfm_reply: z.looseObject({
      response_json: z.string(),
      body: z.string().optional(),
      name: z.string().optional(),
    }),
  }),
]);

const sharedContactSchema = z.looseObject({
  name: z.looseObject({
    formatted_name: z.string(),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
  }),
  phones: z
    .array(
      z.looseObject({
        phone: z.string().optional(),
        wa_id: z.string().optional(),
        type: z.string().optional(),
      }),
    )
    .optional(),
  org: z.looseObject({ company: z.string().optional() }).optional(),
});

const orderItemSchema = z.looseObject({
  product_retailer_id: z.string(),
  quantity: z.number(),
  item_price: z.number(),
  currency: z.string(),
});

export const knownInboundMessageSchema = z.discriminatedUnion('type', [
  message('text', { text: z.looseObject({ body: z.string() }) }),
  message('image', { image: z.looseObject({ ...media, caption: z.string().optional() }) }),
  message('video', { video: z.looseObject({ ...media, caption: z.string().optional() }) }),
  message('audio', { audio: z.looseObject({ ...media, voice: z.boolean().optional() }) }),
  message('document', {
    document: z.looseObject({ ...media, caption: z.string().optional(), filename: z.string().optional() }),
  }),
  message('sticker', { sticker: z.looseObject({ ...media, animated: z.boolean().optional() }) }),
  message('location', {
    location: z.looseObject({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().optional(),
      address: z.string().optional(),
      url: z.string().optional(),
    }),
  }),
  message('contacts', { contacts: z.array(sharedContactSchema).min(1) }),
  message('interactive', { interactive: interactiveReplySchema }),
  message('button', { button: z.looseObject({ text: z.string(), payload: z.string().optional() }) }),
  // A removed reaction arrives with `emoji` omitted (or empty).
  message('reaction', {
    reaction: z.looseObject({ message_id: z.string().min(1), emoji: z.string().optional() }),
  }),
  message('order', {
    order: z.looseObject({
      catalog_id: z.string(),
      text: z.string().optional(),
      product_items: z.array(orderItemSchema),
    }),
  }),
  message('system', {
    system: z.looseObject({ body: z.string(), type: z.string().optional(), wa_id: z.string().optional() }),
  }),
  message('unsupported', { unsupported: z.looseObject({ type: z.string().optional() }).optional() }),
]);

export const INBOUND_MESSAGE_TYPES = [
  'text',
  'image',
  'video',
  'audio',
  'document',
  'sticker',
  'location',
  'contacts',
  'interactive',
  'button',
  'reaction',
  'order',
  'system',
  'unsupported',
] as const;
const KNOWN_TYPES: ReadonlySet<string> = new Set(INBOUND_MESSAGE_TYPES);

/** A type this code does not know yet still parses, so a new Meta type never blocks ingestion. */
export const unknownInboundMessageSchema = z.looseObject({
  ...common,
  type: z
    .string()
    .refine((t) => !KNOWN_TYPES.has(t), { message: 'known message type with an invalid shape' }),
});

/** Known types must match their shape exactly; anything else falls back to the unknown shape. */
export const inboundMessageSchema = z.union([knownInboundMessageSchema, unknownInboundMessageSchema]);

export type KnownInboundMessage = z.infer<typeof knownInboundMessageSchema>;
export type UnknownInboundMessage = z.infer<typeof unknownInboundMessageSchema>;
export type InboundMessage = z.infer<typeof inboundMessageSchema>;
export type InboundMessageType = (typeof INBOUND_MESSAGE_TYPES)[number];
export type WebhookError = z.infer<typeof webhookErrorSchema>;

/** Narrows to the discriminated union, so `switch (m.type)` sees each type's own fields. */
export function isKnownMessage(m: InboundMessage): m is KnownInboundMessage {
  return KNOWN_TYPES.has(m.type);
}
