import { z } from 'zod';
import { route } from './route';
import { nullable, timestamp } from './schemas';

const settings = z.object({
  phoneNumberId: z.string(),
  wabaId: z.string(),
  displayPhoneNumber: nullable(z.string()),
  apiBaseUrl: z.string(),
  apiVersion: z.string(),
  accessTokenSet: z.boolean().describe('the token itself is stored encrypted and never returned'),
  botEnabled: z.boolean(),
  updatedAt: nullable(timestamp),
});

const digits = z.string().regex(/^\d{5,30}$/, 'Digits only');

export const settingsRoutes = [
  route({
    method: 'get',
    path: '/settings/whatsapp',
    access: 'admin',
    tag: 'Settings',
    summary: 'The organization’s WhatsApp channel (the access token is never returned)',
    response: settings,
    handler: async ({ ctx, call }) => ctx.inbox.call.GetWhatsAppSettings({}, call),
  }),
  route({
    method: 'put',
    path: '/settings/whatsapp',
    access: 'admin',
    tag: 'Settings',
    summary: 'Create or replace the organization’s WhatsApp channel; omit accessToken to keep the stored one',
    body: z.strictObject({
      phoneNumberId: digits,
      wabaId: digits,
      displayPhoneNumber: z.string().max(30).optional(),
      apiBaseUrl: z.url({ protocol: /^https?$/ }).optional(),
      apiVersion: z
        .string()
        .regex(/^v\d+\.\d+$/, 'Like v23.0')
        .optional(),
      accessToken: z.string().min(10).max(1000).optional(),
      botEnabled: z.boolean().optional(),
    }),
    response: settings,
    handler: async ({ body, ctx, call }) => ctx.inbox.call.PutWhatsAppSettings(body, call),
  }),
];
