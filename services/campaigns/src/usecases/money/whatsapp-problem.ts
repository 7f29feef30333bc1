import { conflict, DomainError } from '@inbox/platform';
import { CloudApiError } from '@inbox/whatsapp';

// The same words the templates service answers its Cloud API failures with (docs/decisions.md).
const RATE_LIMIT_CODES = new Set([4, 80007, 80008, 130429]);
const AUTH_CODES = new Set([10, 190, 131005]);

/** A revoked or expired token, a missing permission (200–299), or Graph's AuthException (0 with 401/403). */
const isAuthFailure = (e: CloudApiError) =>
  AUTH_CODES.has(e.code) ||
  (e.code >= 200 && e.code <= 299) ||
  (e.code === 0 && (e.httpStatus === 401 || e.httpStatus === 403));

const said = (e: CloudApiError) => (e.code === 0 ? e.title : `(#${e.code}) ${e.title}`);

/**
 * What the caller of a read from WhatsApp (the number's fields, its analytics) sees when WhatsApp
 * fails: its limits are 429, credentials it refuses 409 (fix the channel, as 409
 * CHANNEL_NOT_CONFIGURED says for no channel), an outage or no answer 503, any other refusal 409
 * (repeating it would meet the same answer). Anything not a Cloud API error is a bug and stays so.
 */
export function whatsappProblem(error: unknown): unknown {
  if (!(error instanceof CloudApiError)) return error;
  if (RATE_LIMIT_CODES.has(error.code) || (error.code === 0 && error.httpStatus === 429))
    return new DomainError('rate_limited', 'WHATSAPP_RATE_LIMITED', `WhatsApp asks to wait. ${said(error)}`);
  if (isAuthFailure(error))
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
