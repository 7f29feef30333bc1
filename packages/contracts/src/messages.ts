/** WhatsApp's limit for a text message body; a quick reply's text is sent as one, so it shares it. */
export const MESSAGE_TEXT_MAX = 4096;

export const MESSAGE_DIRECTIONS = ['inbound', 'outbound'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

/** Who wrote a message. */
export const MESSAGE_SENDERS = ['customer', 'agent', 'bot', 'system', 'campaign'] as const;
export type MessageSender = (typeof MESSAGE_SENDERS)[number];

/** RECEIVED for inbound messages; an outbound one moves PENDING → SENT → DELIVERED → READ, or FAILED. */
export const MESSAGE_STATUSES = ['RECEIVED', 'PENDING', 'SENT', 'DELIVERED', 'READ', 'FAILED'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Inbound media is downloaded in the background. */
export const MEDIA_STATUSES = ['PENDING', 'READY', 'FAILED'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];
