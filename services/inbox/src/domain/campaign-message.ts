import type { OutboundStatus } from './message-status';

const SHOWN_AS_IS: ReadonlySet<string> = new Set(['SENT', 'DELIVERED', 'READ', 'FAILED']);

/**
 * The status a campaign message shows in the conversation, from its recipient's status before the
 * reply (campaigns.recipient.replied.v1 `deliveryStatus`). SENT, DELIVERED, READ and FAILED are
 * the message statuses of the same name. REPLIED (a late copy of the event) says only that the
 * customer answered: DELIVERED. Anything else (PENDING, DISPATCHING: the status webhook is still
 * on its way) is SENT, since the message has WhatsApp's id: WhatsApp took it.
 */
export function campaignMessageStatus(recipientStatus: string): OutboundStatus {
  if (SHOWN_AS_IS.has(recipientStatus)) return recipientStatus as OutboundStatus;
  return recipientStatus === 'REPLIED' ? 'DELIVERED' : 'SENT';
}

/**
 * When the campaign message sits in the conversation: when it was sent, and in any case before
 * the reply (a reply's time is WhatsApp's, in whole seconds, and a send's is the worker's clock,
 * so a reply within the same second could otherwise sort first).
 */
export function campaignMessageTime(sentAt: Date, repliedAt: Date): Date {
  const beforeReply = repliedAt.getTime() - 1;
  return new Date(Math.min(sentAt.getTime(), beforeReply));
}
