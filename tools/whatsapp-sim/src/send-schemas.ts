import { z } from 'zod';

/** Request-body rules of `POST /{phone-number-id}/messages`, with the documented limits (reference §2). */

const mediaFields = {
  id: z.string().min(1).optional(),
  link: z.url({ protocol: /^https?$/ }).optional(),
};
const oneSource = (value: { id?: string; link?: string }, ctx: z.RefinementCtx) => {
  if ((value.id === undefined) === (value.link === undefined)) {
    ctx.addIssue({ code: 'custom', message: "must have exactly one of 'id' or 'link'" });
  }
};

const captionedMedia = z
  .strictObject({ ...mediaFields, caption: z.string().max(1024).optional() })
  .superRefine(oneSource);
const documentMedia = z
  .strictObject({
    ...mediaFields,
    caption: z.string().max(1024).optional(),
    filename: z.string().max(240).optional(),
  })
  .superRefine(oneSource);
const plainMedia = z.strictObject(mediaFields).superRefine(oneSource);

const graphemes = (s: string) => [...new Intl.Segmenter().segment(s)].length;

const text = z.strictObject({ body: z.string().min(1).max(4096), preview_url: z.boolean().optional() });

const reaction = z.strictObject({
  message_id: z.string().min(1),
  emoji: z
    .string()
    .refine((e) => e === '' || (graphemes(e) === 1 && /\p{Extended_Pictographic}|\p{RI}/u.test(e)), {
      message: "must be a single emoji, or '' to remove the reaction",
    }),
});

const templateComponent = z
  .looseObject({
    type: z.string().min(1),
    sub_type: z.string().min(1).optional(),
    index: z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).optional(),
    parameters: z.array(z.looseObject({ type: z.string().min(1) })).optional(),
  })
  .superRefine((c, ctx) => {
    if (c.type.toLowerCase() === 'button' && (c.sub_type === undefined || c.index === undefined)) {
      ctx.addIssue({ code: 'custom', message: "of type 'button' needs 'sub_type' and 'index'" });
    }
  });

const template = z.looseObject({
  name: z.string().min(1).max(512),
  language: z.looseObject({ code: z.string().min(2), policy: z.literal('deterministic').optional() }),
  components: z.array(templateComponent).optional(),
});

const textOf = (max: number) => z.strictObject({ text: z.string().min(1).max(max) });
const header = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), text: z.string().min(1).max(60) }),
  z.strictObject({ type: z.literal('image'), image: captionedMedia }),
  z.strictObject({ type: z.literal('video'), video: captionedMedia }),
  z.strictObject({ type: z.literal('document'), document: documentMedia }),
]);

const unique = (values: string[]) => new Set(values).size === values.length;

const replyButtons = z.strictObject({
  type: z.literal('button'),
  header: header.optional(),
  body: textOf(1024),
  footer: textOf(60).optional(),
  action: z.strictObject({
    buttons: z
      .array(
        z.strictObject({
          type: z.literal('reply'),
          reply: z.strictObject({ id: z.string().min(1).max(256), title: z.string().min(1).max(20) }),
        }),
      )
      .min(1)
      .max(3)
      .refine((bs) => unique(bs.map((b) => b.reply.id)) && unique(bs.map((b) => b.reply.title)), {
        message: 'must have unique ids and titles',
      }),
  }),
});

const listRow = z.strictObject({
  id: z.string().min(1).max(200),
  title: z.string().min(1).max(24),
  description: z.string().max(72).optional(),
});
const list = z.strictObject({
  type: z.literal('list'),
  header: z.strictObject({ type: z.literal('text'), text: z.string().min(1).max(60) }).optional(),
  body: textOf(4096),
  footer: textOf(60).optional(),
  action: z.strictObject({
    button: z.string().min(1).max(20),
    sections: z
      .array(z.strictObject({ title: z.string().min(1).max(24).optional(), rows: z.array(listRow).min(1) }))
      .min(1)
      .max(10)
      .superRefine((sections, ctx) => {
        const rows = sections.flatMap((s) => s.rows);
        if (rows.length > 10) ctx.addIssue({ code: 'custom', message: 'must have at most 10 rows in total' });
        if (!unique(rows.map((r) => r.id)))
          ctx.addIssue({ code: 'custom', message: 'must have unique row ids' });
        if (sections.length > 1 && sections.some((s) => !s.title)) {
          ctx.addIssue({
            code: 'custom',
            message: 'must each have a title when there is more than one section',
          });
        }
      }),
  }),
});

const location = z.looseObject({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  name: z.string().optional(),
  address: z.string().optional(),
});
const contacts = z
  .array(z.looseObject({ name: z.looseObject({ formatted_name: z.string().min(1) }) }))
  .min(1);

/** The schema of the object under the key named by `type`. Interactive is looked up by its own `type`. */
export const CONTENT_SCHEMAS: Record<string, z.ZodType> = {
  text,
  image: captionedMedia,
  video: captionedMedia,
  audio: plainMedia,
  sticker: plainMedia,
  document: documentMedia,
  reaction,
  template,
  location,
  contacts,
};
export const INTERACTIVE_SCHEMAS: Record<string, z.ZodType> = { button: replyButtons, list };
export const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'];

export const envelopeSchema = z.looseObject({
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.literal('individual').optional(),
  to: z.string().refine((to) => /^\+?[\d\s().-]+$/.test(to) && /^\d{5,15}$/.test(to.replace(/\D/g, '')), {
    message: 'must be a phone number of 5 to 15 digits',
  }),
  type: z.string().default('text'),
  context: z.strictObject({ message_id: z.string().min(1) }).optional(),
  biz_opaque_callback_data: z.string().max(512).optional(),
});

export const markReadSchema = z.looseObject({
  messaging_product: z.literal('whatsapp'),
  status: z.literal('read'),
  message_id: z.string().min(1),
  typing_indicator: z.strictObject({ type: z.literal('text') }).optional(),
});
