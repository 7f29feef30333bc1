import { z } from 'zod';
import {
  CONTACT_CLEARABLE,
  CONTACT_LIMITS,
  CUSTOM_FIELD_LIMITS,
  MAX_CURSOR_LENGTH,
  SEARCH_MAX_LENGTH,
} from '@inbox/contracts';
import { route, type RouteSpec } from './route';
import { nullable, pageLimit, timestamp } from './schemas';

const TAG = 'Contacts';
const waIdParam = z.strictObject({
  waId: z.string().min(1).max(50).describe('the WhatsApp id (phone number)'),
});

const { keys, keyLength, stringLength } = CUSTOM_FIELD_LIMITS;
const customFields = z
  .record(
    z.string().min(1).max(keyLength),
    z.union([z.string().max(stringLength), z.number(), z.boolean(), z.null()]),
  )
  .refine((fields) => Object.keys(fields).length <= keys, `At most ${keys} fields`)
  .describe(
    `a flat object: at most ${keys} fields of up to ${keyLength} characters, each a string, number, boolean or null`,
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

export const contactRoutes: RouteSpec[] = [
  route({
    method: 'get',
    path: '/contacts',
    access: 'user',
    tag: TAG,
    summary:
      'List contacts, most recently updated first, or search them by name, profile name, alias or number',
    query: z.strictObject({
      search: z.string().max(SEARCH_MAX_LENGTH).optional(),
      cursor: z.string().max(MAX_CURSOR_LENGTH).optional().describe('nextCursor of the previous page'),
      limit: pageLimit,
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
          .max(CONTACT_LIMITS.name)
          .nullable()
          .optional()
          .describe('null shows the WhatsApp profile name again'),
        category: z.string().trim().min(1).max(CONTACT_LIMITS.category).nullable().optional(),
        alias: z.string().max(CONTACT_LIMITS.alias).nullable().optional(),
        notes: z.string().max(CONTACT_LIMITS.notes).nullable().optional(),
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
          clear: CONTACT_CLEARABLE.filter((field) => rest[field] === null),
        },
        call,
      );
      return toRest(contact);
    },
  }),
];
