/**
 * The webhook examples of the Cloud API reference (§1.4–1.7), copied as data, with builders to wrap
 * them in the envelope. Shared by the schema tests; the simulator may use them as known-good shapes.
 */

export { INBOUND_MESSAGE_EXAMPLES } from './inbound-message-examples';

const apiError = (code: number, title: string, details: string) => ({
  code,
  title,
  message: title,
  error_data: { details },
  href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
});

/** §1.6 */
export const STATUS_EXAMPLES: Record<string, Record<string, unknown>> = {
  sent: {
    id: 'wamid.HBgLMTY1',
    status: 'sent',
    timestamp: '1750030073',
    recipient_id: '16505551234',
    biz_opaque_callback_data: 'order-123',
    conversation: {
      id: '72b14d6bd5407799e66f64d1b338e567',
      expiration_timestamp: '1750116480',
      origin: { type: 'marketing' },
    },
    pricing: { billable: true, pricing_model: 'PMP', type: 'regular', category: 'marketing' },
  },
  failed: {
    id: 'wamid.HBgLMTY1',
    status: 'failed',
    timestamp: '1751142888',
    recipient_id: '16505551234',
    errors: [
      apiError(
        131049,
        'This message was not delivered to maintain healthy ecosystem engagement.',
        'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
      ),
    ],
  },
};

export const METADATA = { display_phone_number: '15550783881', phone_number_id: '106540352242922' };

/** §1.5 "Account/system errors": a messages value with errors and no message. */
export const ACCOUNT_ERRORS_VALUE = {
  messaging_product: 'whatsapp',
  metadata: METADATA,
  errors: [apiError(130429, 'Rate limit hit', 'Cloud API message throughput has been reached.')],
};

/** §1.7, keyed by `field`; each list holds every shape the reference shows. */
export const ACCOUNT_VALUE_EXAMPLES: Record<string, Record<string, unknown>[]> = {
  message_template_status_update: [
    {
      event: 'REJECTED',
      message_template_id: 1689556908129835,
      message_template_name: 'abandoned_cart',
      message_template_language: 'en',
      reason: 'INVALID_FORMAT',
      message_template_category: 'MARKETING',
      rejection_info: {
        reason: 'Your template has parameters placed next to each other…',
        recommendation: 'Separate parameters…',
      },
    },
    {
      event: 'PENDING_DELETION',
      message_template_id: 1689556908129835,
      message_template_name: 'abandoned_cart',
      message_template_language: 'en',
      reason: null,
    },
  ],
  template_category_update: [
    {
      message_template_id: 1689556908129835,
      message_template_name: 'order_update',
      message_template_language: 'en_US',
      new_category: 'UTILITY',
      correct_category: 'MARKETING',
      category_update_timestamp: 1746169200,
    },
    {
      message_template_id: 1689556908129835,
      message_template_name: 'order_update',
      message_template_language: 'en_US',
      previous_category: 'UTILITY',
      new_category: 'MARKETING',
    },
  ],
  message_template_quality_update: [
    {
      previous_quality_score: 'GREEN',
      new_quality_score: 'YELLOW',
      message_template_id: 1689556908129835,
      message_template_name: 'abandoned_cart',
      message_template_language: 'en',
    },
  ],
  phone_number_quality_update: [
    {
      display_phone_number: '15550783881',
      event: 'THROUGHPUT_UPGRADE',
      current_limit: 'TIER_UNLIMITED',
      max_daily_conversations_per_business: 'TIER_2K',
    },
  ],
};

/** Wraps a `messages` value in the §1.4 envelope. */
export function messagesPayload(value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: '102290129340398', changes: [{ field: 'messages', value }] }],
  };
}

/** A `messages` value carrying the given inbound messages and/or statuses. */
export function messagesValue(parts: { messages?: unknown[]; statuses?: unknown[] }) {
  return {
    messaging_product: 'whatsapp',
    metadata: METADATA,
    ...(parts.messages ? { contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: '16505551234' }] } : {}),
    ...parts,
  };
}

/** Wraps a template/account value in the §1.7 envelope (these carry `entry[].time`). */
export function accountPayload(field: string, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: '102290129340398', time: 1751247548, changes: [{ field, value }] }],
  };
}
