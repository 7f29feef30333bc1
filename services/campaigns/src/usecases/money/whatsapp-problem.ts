import { conflict, DomainError } from '@inbox/platform';
import { CloudApiError, isAccessRefused, isRateLimited } from '@inbox/whatsapp';

const said = (e: CloudApiError) => (e.code === 0 ? e.title : `(#${e.code}) ${e.title}`);

/**
 * What the caller of a read from WhatsApp (the number's fields, its analytics) sees when WhatsApp
 * fails: its limits are 429, credentials it refuses 409 (fix the channel, as 409
 * CHANNEL_NOT_CONFIGURED says for no channel), an outage or no answer 503, any other refusal 409
 * (repeating it would meet the same answer). Anything not a Cloud API error is a bug and stays so.
 */
export function whatsappProblem(error: unknown): unknown {
  if (!(error instanceof CloudApiError)) return error;
  // Classed once for every service (@inbox/whatsapp) and worded as the templates service words
  // them (docs/decisions.md), so both answer WhatsApp's limits and refusals alike.
  if (isRateLimited(error))
    return new DomainError('rate_limited', 'WHATSAPP_RATE_LIMITED', `WhatsApp asks to wait. ${said(error)}`);
  if (isAccessRefused(error))
    return conflict(
      'WHATSAPP_ACCESS_REFUSED',
      `WhatsApp refused the channel's credentials; check the WhatsApp settings. ${said(error)}`,
    );
  if (error.retryable || error.outcomeUnknown)
    return new DomainError(
      'unavailable',
      'WHATSAPP_UNAVAILABLE',
      `WhatsApp is not available right now; try again later. ${said(error)}`,
    );
  return conflict('WHATSAPP_REFUSED', `WhatsApp refused to answer for this number. ${said(error)}`);
}

/** Runs reads from WhatsApp, turning their failure into the problem the caller sees. */
export async function askWhatsApp<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw whatsappProblem(error);
  }
}
