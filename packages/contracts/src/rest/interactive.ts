import { z } from 'zod';

const unique = (values: string[]) => new Set(values).size === values.length;

/**
 * An interactive message in the REST shape (plain strings for header, body and footer), with the
 * platform's limits (reference §2). The gateway checks a request with it, and the inbox checks
 * again for other gRPC callers, so field errors name the REST paths either way.
 */
export const restInteractiveSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('button'),
    header: z.string().min(1).max(60).optional(),
    body: z.string().min(1).max(1024),
    footer: z.string().min(1).max(60).optional(),
    buttons: z
      .array(z.strictObject({ id: z.string().min(1).max(256), title: z.string().min(1).max(20) }))
      .min(1)
      .max(3)
      .refine(
        (b) => unique(b.map((x) => x.id)) && unique(b.map((x) => x.title)),
        'Button ids and titles must be unique',
      ),
  }),
  z.strictObject({
    type: z.literal('list'),
    header: z.string().min(1).max(60).optional(),
    body: z.string().min(1).max(4096),
    footer: z.string().min(1).max(60).optional(),
    button: z.string().min(1).max(20).describe('the label of the button that opens the list'),
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
  }),
]);

export type RestInteractive = z.infer<typeof restInteractiveSchema>;
