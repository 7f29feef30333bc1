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

/** The category the contact's latest accepted template left, and when WhatsApp accepted it. */
export interface PendingTemplateCategory {
  category: string | null;
  sentAt: Date | null;
}

/** One of the contact's messages, in the order they arrive. */
export interface CustomerMessage {
  writtenAt: Date;
  /**
   * The template message of ours that this message quotes (its `context`: a quote, a quick-reply
   * button, a reaction), with that template's inbox category; undefined when it quotes none.
   */
  quotedTemplate?: { category: string | null };
}

export interface TemplateCategoryDecision {
  /** The category the conversation takes if it has none, and the message (index) that gave it. */
  given: { category: string; index: number } | null;
  /** Whether the pending category was answered (cleared from the contact). */
  settlesPending: boolean;
}

/**
 * What a contact's messages do with template categories, as if they arrived one by one. A message
 * that quotes one of our templates is about that template, however old: its category (or its
 * lack of one) decides. Otherwise the first message within the window of the latest accepted
 * template is the reply to it and takes its category. Either way that first reply answers the
 * pending category, so a later message does not take it again. The first category given stays.
 */
export function decideTemplateCategory(
  pending: PendingTemplateCategory,
  messages: readonly CustomerMessage[],
): TemplateCategoryDecision {
  let given: TemplateCategoryDecision['given'] = null;
  let settlesPending = false;
  messages.forEach((message, index) => {
    const answersPending =
      !settlesPending && pending.category !== null && isReplyToTemplate(pending.sentAt, message.writtenAt);
    if (answersPending) settlesPending = true;
    const category = message.quotedTemplate
      ? message.quotedTemplate.category
      : answersPending
        ? pending.category
        : null;
    if (category !== null && given === null) given = { category, index };
  });
  return { given, settlesPending };
}
