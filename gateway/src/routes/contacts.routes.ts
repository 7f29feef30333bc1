import { z } from 'zod';
import { route, type RouteSpec } from './route';
import { nullable, timestamp } from './schemas';

const TAG = 'Contacts';
const waIdParam = z.strictObject({
  waId: z.string().min(1).max(50).describe('the WhatsApp id (phone number)'),
});

const customFields = z
  .record(z.string().min(1).max(64), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]))
  .refine((fields) => Object.keys(fields).length <= 50, 'At most 50 fields')
  .describe(
    'a flat object: at most 50 fields of up to 64 characters, each a string, number, boolean or null',
  );

const contactSchema = z.object({
  waId: z.string(),
  name: nullable(z.string()).describe('the name an agent set, else the WhatsApp profile name'),
  alias: nullable(z.string()),
  notes: nullable(z.string()),
  customFields: z.record(z.string(), z.unknown()),
  category: nullable(z.string()).describe('the category of the active conversation, else of the latest one'),
  lastConversationId: nullable(z.string()).describe('the active conversation, else the latest one'),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** custom fields travel over gRPC as JSON text. */
const toRest = <C extends { customFieldsJson: string }>({ customFieldsJson, ...contact }: C) => ({
  ...contact,
  customFields: JSON.parse(customFieldsJson || '{}') as Record<string, unknown>,
});

const CLEARABLE = ['name', 'category', 'alias', 'notes'] as const;

export const contactRoutes: RouteSpec[] = [
  route({
    method: 'get',
    path: '/contacts',
    access: 'user',
    tag: TAG,
    summary:
      'List contacts, most recently updated first, or search them by name, profile name, alias or number',
    query: z.strictObject({
      search: z.string().max(200).optional(),
      cursor: z.string().max(500).optional().describe('nextCursor of the previous page'),
      limit: z.coerce.number().int().min(1).max(100).optional().describe('default 50'),
    }),
    response: z.object({ data: z.array(contactSchema), nextCursor: nullable(z.string()) }),
    handler: async ({ query, ctx, call }) => {
      const page = await ctx.inbox.call.ListContacts(query, call);
      return { data: page.data.map(toRest), nextCursor: page.nextCursor };
    },
  }),
  route({
    method: 'get',
    path: '/contacts/:waId',
    access: 'user',
    tag: TAG,
    summary: 'Get a contact',
    params: waIdParam,
    response: contactSchema,
    handler: async ({ params, ctx, call }) => toRest(await ctx.inbox.call.GetContact(params, call)),
  }),
  route({
    method: 'patch',
    path: '/contacts/:waId',
    access: 'user',
    tag: TAG,
    summary: 'Update the name and light profile; a category is applied to the contact’s active conversations',
    params: waIdParam,
    body: z
      .strictObject({
        name: z
          .string()
          .trim()
          .min(1)
          .max(200)
          .nullable()
          .optional()
          .describe('null shows the WhatsApp profile name again'),
        category: z.string().trim().min(1).max(100).nullable().optional(),
        alias: z.string().max(100).nullable().optional(),
        notes: z.string().max(4000).nullable().optional(),
        customFields: customFields.optional().describe('replaces the whole object'),
      })
      .refine((b) => Object.values(b).some((v) => v !== undefined), 'Give at least one field'),
    response: contactSchema,
    handler: async ({ params, body, ctx, call }) => {
      const { customFields: fields, ...rest } = body;
      const contact = await ctx.inbox.call.UpdateContact(
        {
          waId: params.waId,
          name: rest.name ?? undefined,
          category: rest.category ?? undefined,
          alias: rest.alias ?? undefined,
          notes: rest.notes ?? undefined,
          customFieldsJson: fields === undefined ? undefined : JSON.stringify(fields),
          // proto3 cannot carry a null: null fields travel as names in `clear`.
          clear: CLEARABLE.filter((field) => rest[field] === null),
        },
        call,
      );
      return toRest(contact);
    },
  }),
];
