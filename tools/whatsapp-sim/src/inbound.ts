import { z } from 'zod';
import { newWamid } from './ids';
import { issueMediaUrl, storeGeneratedMedia, storeMedia } from './media-store';
import { DEFAULT_MIME, sampleFile, sampleFilename } from './sample-media';
import { digitsOf, type MediaRecord } from './state';
import type { SimContext } from './context';

const MEDIA = ['image', 'video', 'audio', 'document', 'sticker'] as const;
const INBOUND_TYPES = [
  ...MEDIA,
  'text',
  'location',
  'contacts',
  'interactive',
  'button',
  'reaction',
] as const;

/** `POST /_sim/inbound`: a customer's message, in the control API's own camelCase words. */
export const inboundSchema = z
  .object({
    from: z
      .string()
      .transform(digitsOf)
      .refine((d) => /^\d{5,15}$/.test(d), 'must be a wa_id of 5 to 15 digits'),
    name: z.string().min(1).optional(),
    type: z.enum(INBOUND_TYPES),
    text: z.string().min(1).optional(),
    media: z
      .object({
        mimeType: z.string().min(3).optional(),
        filename: z.string().optional(),
        caption: z.string().optional(),
        dataBase64: z.base64().optional(),
        /** Instead of dataBase64: a generated file of this many bytes, for large-file tests. */
        generatedSize: z
          .number()
          .int()
          .positive()
          .max(100 << 20)
          .optional(),
        voice: z.boolean().optional(),
        animated: z.boolean().optional(),
      })
      .optional(),
    location: z
      .object({
        latitude: z.number(),
        longitude: z.number(),
        name: z.string().optional(),
        address: z.string().optional(),
        url: z.string().optional(),
      })
      .optional(),
    contacts: z
      .array(z.looseObject({ name: z.looseObject({ formatted_name: z.string() }) }))
      .min(1)
      .optional(),
    interactive: z
      .object({
        type: z.enum(['button_reply', 'list_reply']),
        id: z.string().min(1),
        title: z.string().min(1),
        description: z.string().optional(),
      })
      .optional(),
    button: z.object({ text: z.string().min(1), payload: z.string() }).optional(),
    reaction: z.object({ messageId: z.string().min(1), emoji: z.string().optional() }).optional(),
    context: z.object({ messageId: z.string().min(1) }).optional(),
    id: z.string().min(1).optional(),
    timestamp: z.number().int().positive().optional(),
  })
  .superRefine((input, ctx) => {
    const needs = {
      text: 'text',
      location: 'location',
      interactive: 'interactive',
      button: 'button',
      reaction: 'reaction',
    };
    const key = needs[input.type as keyof typeof needs] as keyof typeof input | undefined;
    if (key && input[key] === undefined) {
      ctx.addIssue({ code: 'custom', path: [key], message: `is required for type '${input.type}'` });
    }
  });

export type InboundInput = z.infer<typeof inboundSchema>;

export interface BuiltInbound {
  message: Record<string, unknown>;
  contact: Record<string, unknown>;
  media?: MediaRecord;
}

const SAMPLE_CONTACT = {
  name: { formatted_name: 'Lucía Gómez', first_name: 'Lucía', last_name: 'Gómez' },
  phones: [{ phone: '+1 (983) 555-2319', wa_id: '19835552319', type: 'MOBILE' }],
};

/** Builds a `messages[]` item and its `contacts[]` entry as the platform sends them (reference §1.5). */
export function buildInbound(ctx: SimContext, input: InboundInput): BuiltInbound {
  const timestamp = input.timestamp ?? Math.floor(Date.now() / 1000);
  const known = ctx.state.customers.get(input.from)?.name;
  const contact = {
    profile: { name: input.name ?? known ?? `Customer ${input.from.slice(-4)}` },
    wa_id: input.from,
  };
  const message: Record<string, unknown> = {
    from: input.from,
    id: input.id ?? newWamid(input.from),
    timestamp: String(timestamp),
    type: input.type,
  };
  const contextId = input.context?.messageId ?? implicitContext(ctx, input);
  if (contextId) message.context = { from: digitsOf(ctx.channel.displayPhoneNumber), id: contextId };
  if ((MEDIA as readonly string[]).includes(input.type)) {
    const media = mediaObject(ctx, input);
    message[input.type] = media.object;
    return { message, contact, media: media.record };
  }
  message[input.type] = content(input);
  return { message, contact };
}

/** A tap on a button answers the message that showed it: the newest interactive (or template) sent. */
function implicitContext(ctx: SimContext, input: InboundInput): string | undefined {
  if (input.type === 'interactive') return ctx.state.lastSentTo(input.from, 'interactive')?.wamid;
  if (input.type === 'button') return ctx.state.lastSentTo(input.from, 'template')?.wamid;
  return undefined;
}

function content(input: InboundInput): unknown {
  switch (input.type) {
    case 'text':
      return { body: input.text };
    case 'location':
      return input.location;
    case 'contacts':
      return input.contacts ?? [SAMPLE_CONTACT];
    case 'interactive': {
      const { type, id, title, description } = input.interactive!;
      const reply =
        type === 'list_reply' && description !== undefined ? { id, title, description } : { id, title };
      return { type, [type]: reply };
    }
    case 'button':
      return { payload: input.button!.payload, text: input.button!.text };
    case 'reaction': {
      const { messageId, emoji } = input.reaction!;
      // Removing a reaction arrives with `emoji` omitted.
      return emoji ? { message_id: messageId, emoji } : { message_id: messageId };
    }
    default:
      return {};
  }
}

function mediaObject(ctx: SimContext, input: InboundInput) {
  const given = input.media ?? {};
  const mimeType = given.mimeType ?? DEFAULT_MIME[input.type];
  const filename = input.type === 'document' ? (given.filename ?? sampleFilename(mimeType)) : given.filename;
  const described = { mimeType, filename, origin: 'inbound' as const };
  const record =
    given.generatedSize !== undefined
      ? storeGeneratedMedia(ctx.state, { ...described, size: given.generatedSize })
      : storeMedia(ctx.state, {
          ...described,
          bytes:
            given.dataBase64 !== undefined ? Buffer.from(given.dataBase64, 'base64') : sampleFile(mimeType),
        });
  const object: Record<string, unknown> = {};
  if (given.caption !== undefined && ['image', 'video', 'document'].includes(input.type)) {
    object.caption = given.caption;
  }
  if (input.type === 'document') object.filename = filename;
  Object.assign(object, {
    mime_type: mimeType,
    sha256: record.sha256,
    id: record.id,
    url: issueMediaUrl(ctx, record.id),
  });
  if (input.type === 'audio') object.voice = given.voice ?? false;
  if (input.type === 'sticker') object.animated = given.animated ?? false;
  return { object, record };
}
