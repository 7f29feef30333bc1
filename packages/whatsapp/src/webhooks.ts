import { z } from 'zod';
import { inboundMessageSchema, unixSecondsSchema, webhookErrorSchema } from './inbound-messages';

export * from './inbound-messages';

/**
 * Webhook payloads (reference §1.4–1.7). Loose objects: unknown fields pass through untouched;
 * the fields the inbox reads are required and typed.
 */

/** The `changes[].field` values the inbox subscribes to and parses. */
export const WEBHOOK_FIELDS = [
  'messages',
  'message_template_status_update',
  'template_category_update',
  'message_template_quality_update',
  'phone_number_quality_update',
] as const;
export type WebhookField = (typeof WEBHOOK_FIELDS)[number];

export function isWebhookField(field: string): field is WebhookField {
  return (WEBHOOK_FIELDS as readonly string[]).includes(field);
}

export const webhookPayloadSchema = z.looseObject({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.looseObject({
      id: z.string().min(1),
      time: z.number().int().optional(),
      changes: z.array(z.looseObject({ field: z.string().min(1), value: z.looseObject({}) })),
    }),
  ),
});

export const statusSchema = z.looseObject({
  id: z.string().min(1),
  status: z.enum(['sent', 'delivered', 'read', 'failed', 'played']),
  timestamp: unixSecondsSchema,
  recipient_id: z.string().min(1),
  recipient_user_id: z.string().optional(),
  biz_opaque_callback_data: z.string().optional(),
  conversation: z
    .looseObject({
      id: z.string(),
      expiration_timestamp: z.union([unixSecondsSchema, z.number().int()]).optional(),
      origin: z.looseObject({ type: z.string() }).optional(),
    })
    .optional(),
  pricing: z
    .looseObject({
      billable: z.boolean().optional(),
      pricing_model: z.string(),
      // regular | free_customer_service | free_entry_point; absent before July 2025.
      type: z.string().optional(),
      // Kept a plain string: Meta's own pages spell authentication-international two ways.
      category: z.string(),
    })
    .optional(),
  errors: z.array(webhookErrorSchema).optional(),
});

export const messagesValueSchema = z.looseObject({
  messaging_product: z.literal('whatsapp'),
  metadata: z.looseObject({ display_phone_number: z.string(), phone_number_id: z.string().min(1) }),
  contacts: z
    .array(
      z.looseObject({
        profile: z.looseObject({ name: z.string() }).optional(),
        wa_id: z.string().min(1),
        user_id: z.string().optional(),
      }),
    )
    .optional(),
  messages: z.array(inboundMessageSchema).optional(),
  statuses: z.array(statusSchema).optional(),
  errors: z.array(webhookErrorSchema).optional(),
});

// Template ids arrive as JSON numbers; they are ids, so the parsed value is a string.
const templateIdSchema = z
  .union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)])
  .transform(String);
const templateRef = {
  message_template_id: templateIdSchema,
  message_template_name: z.string(),
  message_template_language: z.string(),
};

export const TEMPLATE_STATUS_EVENTS = [
  'APPROVED',
  'ARCHIVED',
  'UNARCHIVED',
  'DELETED',
  'DISABLED',
  'FLAGGED',
  'IN_APPEAL',
  'LIMIT_EXCEEDED',
  'LOCKED',
  'PAUSED',
  'PENDING',
  'REINSTATED',
  'PENDING_DELETION',
  'REJECTED',
] as const;

export const messageTemplateStatusUpdateSchema = z.looseObject({
  ...templateRef,
  event: z.enum(TEMPLATE_STATUS_EVENTS),
  // null when the template is scheduled for deletion.
  reason: z.string().nullable().optional(),
  message_template_category: z.string().optional(),
  rejection_info: z
    .looseObject({ reason: z.string().optional(), recommendation: z.string().optional() })
    .optional(),
  disable_info: z.looseObject({ disable_date: z.union([z.string(), z.number()]).optional() }).optional(),
  other_info: z.looseObject({ title: z.string(), description: z.string().optional() }).optional(),
});

/** Both shapes: the 24 h warning (`correct_category`) and the completed change (`previous_category`). */
export const templateCategoryUpdateSchema = z.looseObject({
  ...templateRef,
  new_category: z.string(),
  previous_category: z.string().optional(),
  correct_category: z.string().optional(),
  category_update_timestamp: z.number().int().optional(),
});

const qualityScore = z.enum(['GREEN', 'YELLOW', 'RED', 'UNKNOWN']);
export const messageTemplateQualityUpdateSchema = z.looseObject({
  ...templateRef,
  previous_quality_score: qualityScore,
  new_quality_score: qualityScore,
});

export const phoneNumberQualityUpdateSchema = z.looseObject({
  display_phone_number: z.string(),
  // ONBOARDING, THROUGHPUT_UPGRADE, FLAGGED … the documented list keeps changing, so any string.
  event: z.string(),
  current_limit: z.string().optional(),
  old_limit: z.string().optional(),
  max_daily_conversations_per_business: z.string().optional(),
});

/** One `entry[].changes[]` item whose `value` is parsed by its `field`. */
export const webhookChangeSchema = z.discriminatedUnion('field', [
  z.looseObject({ field: z.literal('messages'), value: messagesValueSchema }),
  z.looseObject({
    field: z.literal('message_template_status_update'),
    value: messageTemplateStatusUpdateSchema,
  }),
  z.looseObject({ field: z.literal('template_category_update'), value: templateCategoryUpdateSchema }),
  z.looseObject({
    field: z.literal('message_template_quality_update'),
    value: messageTemplateQualityUpdateSchema,
  }),
  z.looseObject({ field: z.literal('phone_number_quality_update'), value: phoneNumberQualityUpdateSchema }),
]);

export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
export type WebhookChange = z.infer<typeof webhookChangeSchema>;
export type MessagesValue = z.infer<typeof messagesValueSchema>;
export type MessagesValueInput = z.input<typeof messagesValueSchema>;
export type MessageStatus = z.infer<typeof statusSchema>;
export type MessageTemplateStatusUpdate = z.infer<typeof messageTemplateStatusUpdateSchema>;
export type TemplateCategoryUpdate = z.infer<typeof templateCategoryUpdateSchema>;
export type MessageTemplateQualityUpdate = z.infer<typeof messageTemplateQualityUpdateSchema>;
export type PhoneNumberQualityUpdate = z.infer<typeof phoneNumberQualityUpdateSchema>;
