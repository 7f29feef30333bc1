/**
 * The reasons of the campaign's own status changes, one home for the words the live events and
 * the history export both say.
 */

/** A person cancelled it. */
export const CANCEL_REASON = 'Cancelled by a person';

/**
 * The reason a campaign FAILED when it finished without WhatsApp accepting one of its sends
 * (the lifecycle's 'finish'): the same words in the live `campaign.status_changed` and in the
 * history export's.
 */
export const NO_SEND_ACCEPTED_REASON = 'WhatsApp accepted none of its sends';
