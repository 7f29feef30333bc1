import { z } from 'zod';

/**
 * Interactive messages in their wire shape (reference §2), validated against the documented limits
 * before sending so a bad message fails fast instead of costing a round trip.
 */

const mediaRef = z
  .object({ id: z.string().min(1).optional(), link: z.url().optional() })
  .refine((m) => (m.id === undefined) !== (m.link === undefined), {
    message: 'give exactly one of id or link',
  });

const textHeader = z.object({ type: z.literal('text'), text: z.string().min(1).max(60) });
const buttonsHeader = z.discriminatedUnion('type', [
  textHeader,
  z.object({ type: z.literal('image'), image: mediaRef }),
  z.object({ type: z.literal('video'), video: mediaRef }),
  z.object({ type: z.literal('document'), document: mediaRef }),
]);
const footer = z.object({ text: z.string().min(1).max(60) });

const replyButton = z.object({
  type: z.literal('reply'),
  reply: z.object({ id: z.string().min(1).max(256), title: z.string().min(1).max(20) }),
});

const unique = (values: string[]) => new Set(values).size === values.length;

export const interactiveButtonsSchema = z.object({
  type: z.literal('button'),
  header: buttonsHeader.optional(),
  body: z.object({ text: z.string().min(1).max(1024) }),
  footer: footer.optional(),
  action: z.object({
    buttons: z
      .array(replyButton)
      .min(1)
      .max(3)
      .refine((b) => unique(b.map((x) => x.reply.id)), { message: 'button ids must be unique' })
      .refine((b) => unique(b.map((x) => x.reply.title)), { message: 'button titles must be unique' }),
  }),
});

const listRow = z.object({
  id: z.string().min(1).max(200),
  title: z.string().min(1).max(24),
  description: z.string().max(72).optional(),
});
const listSection = z.object({ title: z.string().min(1).max(24).optional(), rows: z.array(listRow).min(1) });

export const interactiveListSchema = z.object({
  type: z.literal('list'),
  header: textHeader.optional(),
  body: z.object({ text: z.string().min(1).max(4096) }),
  footer: footer.optional(),
  action: z.object({
    button: z.string().min(1).max(20),
    sections: z
      .array(listSection)
      .min(1)
      .max(10)
      .refine((s) => s.flatMap((x) => x.rows).length <= 10, { message: 'at most 10 rows in total' })
      .refine((s) => s.length === 1 || s.every((x) => x.title !== undefined), {
        message: 'every section needs a title when there is more than one',
      })
      .refine((s) => unique(s.flatMap((x) => x.rows.map((r) => r.id))), {
        message: 'row ids must be unique',
      }),
  }),
});

export const interactiveSchema = z.discriminatedUnion('type', [
  interactiveButtonsSchema,
  interactiveListSchema,
]);

export type InteractiveButtons = z.infer<typeof interactiveButtonsSchema>;
export type InteractiveList = z.infer<typeof interactiveListSchema>;
export type Interactive = InteractiveButtons | InteractiveList;
