import { z } from 'zod';
import { interactiveSchema, type Interactive } from '@inbox/whatsapp';

/**
 * Interactive messages in the REST shape (plain strings for header, body and footer), with the
 * platform's limits (reference §2) checked here so field errors name the REST paths.
 */
const unique = (values: string[]) => new Set(values).size === values.length;
const header = z.string().min(1).max(60);
const footer = z.string().min(1).max(60);

const buttons = z.strictObject({
  type: z.literal('button'),
  header: header.optional(),
  body: z.string().min(1).max(1024),
  footer: footer.optional(),
  buttons: z
    .array(z.strictObject({ id: z.string().min(1).max(256), title: z.string().min(1).max(20) }))
    .min(1)
    .max(3)
    .refine(
      (b) => unique(b.map((x) => x.id)) && unique(b.map((x) => x.title)),
      'Button ids and titles must be unique',
    ),
});

const list = z.strictObject({
  type: z.literal('list'),
  header: header.optional(),
  body: z.string().min(1).max(4096),
  footer: footer.optional(),
  button: z.string().min(1).max(20),
  sections: z
    .array(
      z.strictObject({
        title: z.string().min(1).max(24).optional(),
        rows: z
          .array(
            z.strictObject({
              id: z.string().min(1).max(200),
              title: z.string().min(1).max(24),
              description: z.string().max(72).optional(),
            }),
          )
          .min(1),
      }),
    )
    .min(1)
    .max(10)
    .refine((s) => s.flatMap((x) => x.rows).length <= 10, 'At most 10 rows in total')
    .refine((s) => unique(s.flatMap((x) => x.rows.map((r) => r.id))), 'Row ids must be unique')
    .refine(
      (s) => s.length === 1 || s.every((x) => x.title !== undefined),
      'Every section needs a title when there are several',
    ),
});

export const restInteractiveSchema = z.discriminatedUnion('type', [buttons, list]);
export type RestInteractive = z.infer<typeof restInteractiveSchema>;

/** The Cloud API body of an interactive message. */
export function toWireInteractive(i: RestInteractive): Interactive {
  const common = {
    ...(i.header ? { header: { type: 'text' as const, text: i.header } } : {}),
    body: { text: i.body },
    ...(i.footer ? { footer: { text: i.footer } } : {}),
  };
  const wire =
    i.type === 'button'
      ? {
          type: 'button' as const,
          ...common,
          action: { buttons: i.buttons.map((reply) => ({ type: 'reply' as const, reply })) },
        }
      : { type: 'list' as const, ...common, action: { button: i.button, sections: i.sections } };
  // The REST rules mirror the client's; this catches any drift between the two before a send.
  return interactiveSchema.parse(wire);
}

/** What the conversation list shows for an interactive message. */
export const interactivePreview = (i: RestInteractive): string => i.body;
