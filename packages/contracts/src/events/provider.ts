import { z } from 'zod';

/**
 * Raw, signature-checked platform webhooks, one event per `entry[].changes[]` item, published by
 * the gateway with `orgId` 0: the consuming service finds the organization from the phone number
 * id (or the WABA id for account-level fields). Changing a value needs a migration plan.
 */
export const PROVIDER_EVENTS = {
  whatsappMessages: 'provider.whatsapp.messages',
  whatsappTemplateStatus: 'provider.whatsapp.message_template_status_update',
  whatsappTemplateCategory: 'provider.whatsapp.template_category_update',
  whatsappTemplateQuality: 'provider.whatsapp.message_template_quality_update',
  whatsappPhoneQuality: 'provider.whatsapp.phone_number_quality_update',
} as const;

/** Routing key of a webhook field: `provider.whatsapp.<field>`. */
export const providerWhatsAppKey = (field: string) => `provider.whatsapp.${field}`;

export const providerWhatsAppDataSchema = z.object({
  /** entry[].id: the WABA id. */
  wabaId: z.string(),
  field: z.string(),
  /** entry[].time for account-level fields (Unix seconds). */
  time: z.number().optional(),
  /** The change's `value`, exactly as received. */
  value: z.record(z.string(), z.unknown()),
  receivedAt: z.string(),
});

export type ProviderWhatsAppData = z.infer<typeof providerWhatsAppDataSchema>;
