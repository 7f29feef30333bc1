const HOUR_MS = 60 * 60 * 1000;

/**
 * How long after a template the customer's message counts as the reply to it: 72 hours, the
 * attribution window campaigns count REPLIED in (docs/DESIGN.md) and the length of WhatsApp's free
 * entry point. Later, the customer is writing about something else: the template's inbox category
 * no longer applies.
 */
export const TEMPLATE_REPLY_WINDOW_MS = 72 * HOUR_MS;

/**
 * WhatsApp stamps a message to the second by its own clock; ours may differ a little. A message
 * written more than this before the template was accepted cannot be a reply to it.
 */
export const CLOCK_SKEW_MS = 60_000;

/** Whether a customer's message written at `writtenAt` is the reply to a template accepted at `sentAt`. */
export function isReplyToTemplate(sentAt: Date | null, writtenAt: Date): boolean {
  if (sentAt === null) return false;
  const elapsed = writtenAt.getTime() - sentAt.getTime();
  return elapsed >= -CLOCK_SKEW_MS && elapsed <= TEMPLATE_REPLY_WINDOW_MS;
}
