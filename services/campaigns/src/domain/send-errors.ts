import type { CampaignPauseCode } from '@inbox/contracts';
import { retryDelayForError, type CloudApiError } from '@inbox/whatsapp';

/**
 * What a campaign worker does with a failed send (reference §B2, whatsapp-cloud-api §3). Known
 * codes decide; the HTTP status only where Graph gave no code. Pure: no clock, no I/O.
 */
export type SendErrorClass =
  /** The number (or app, or WABA) is over a rate, or WhatsApp is briefly down: same send later. */
  | { kind: 'throttle'; waitMs: number }
  /** 131056: too many messages to this one person; only this recipient waits (4^n s). */
  | { kind: 'retry-recipient'; waitMs: number }
  /** Sender- or template-level refusal: sending more would only burn through the list. */
  | { kind: 'pause-campaign'; pauseCode: CampaignPauseCode; reason: string }
  /** This recipient cannot get this message; kept with WhatsApp's own words. */
  | {
      kind: 'fail-recipient';
      code: string;
      title: string;
      details: string | null;
      /** 131049: WhatsApp may deliver a new attempt after this (a separate, manual action). */
      retryableAfter: Date | null;
    }
  /** No answer after the request may have reached Graph: sent or not, nobody knows. Never resent. */
  | { kind: 'unknown-outcome'; reason: string };

export type SendFailure = Pick<
  CloudApiError,
  'code' | 'httpStatus' | 'title' | 'details' | 'local' | 'outcomeUnknown' | 'retryable'
>;

/**
 * Refusals of the request itself (parameters, lengths, formats): deterministic, so when the first
 * sends of a campaign all meet the same one, the rest would too (reference §B2).
 */
export const REQUEST_BUG_CODES: ReadonlySet<string> = new Set([
  '100',
  '131008',
  '131009',
  '132000',
  '132005',
  '132012',
]);
/** Sends in a row failing with the same request error before the campaign pauses. */
export const REQUEST_BUG_PAUSE_AFTER = 10;

/** 131049: "a 24 h wait is commonly advised" before trying that person again. */
export const RETRYABLE_AFTER_131049_MS = 24 * 60 * 60 * 1000;

const THROTTLE_CODES = new Set([130429, 4, 80007, 1, 2, 131000, 131016, 133004, 131057]);

const PAUSE_CODES = new Map<number, CampaignPauseCode>([
  [131048, 'SPAM_LIMIT'],
  [368, 'POLICY_BLOCK'],
  [131031, 'ACCOUNT_LOCKED'],
  [131042, 'PAYMENT'],
  [0, 'AUTHENTICATION'],
  [190, 'AUTHENTICATION'],
  [10, 'AUTHENTICATION'],
  [132001, 'TEMPLATE_NOT_APPROVED'],
  [132015, 'TEMPLATE_PAUSED'],
  [132016, 'TEMPLATE_DISABLED'],
  [132007, 'REQUEST_REJECTED'],
]);

function pauseCodeOf(code: number): CampaignPauseCode | undefined {
  // 200–299: permission errors (the token lacks whatsapp_business_messaging, or was revoked).
  return PAUSE_CODES.get(code) ?? (code >= 200 && code <= 299 ? 'AUTHENTICATION' : undefined);
}

/**
 * 130429 while the worker already paces under the number's rate is mostly a sliding second
 * caught at its edge (sends bunched by a pause of the network or the process): the first wait is
 * a few sends long (25 ms, two at 80/s), then it doubles up to 10 s while no send gets through.
 * Other throttles wait as the client's retry rule says (131057: at least a minute).
 */
function throttleWait(error: SendFailure, attempt: number, random: () => number = Math.random): number {
  if (error.code !== 130429) return retryDelayForError(error, attempt);
  const n = Math.max(0, Math.floor(attempt));
  return Math.min(Math.round(25 * 2 ** n * (0.5 + random())), 10_000);
}

/** Graph gave no error body (a proxy, a wrong base URL): the client made it code 0, title `HTTP <status>`. */
const withoutGraphBody = (e: SendFailure) => e.code === 0 && e.title === `HTTP ${e.httpStatus}`;

/**
 * Classifies one failed send. `attempt`: earlier tries of the same thing (0 = first failure), for
 * the backoff; `now` dates 131049's retryable-after.
 */
export function classifySendError(error: SendFailure, attempt: number, now: Date): SendErrorClass {
  if (error.outcomeUnknown) return { kind: 'unknown-outcome', reason: error.title };
  // Failed while connecting: the request never left, so trying again later is safe.
  if (error.httpStatus === 0) return { kind: 'throttle', waitMs: retryDelayForError(error, attempt) };
  if (error.code === 131056) return { kind: 'retry-recipient', waitMs: retryDelayForError(error, attempt) };
  if (THROTTLE_CODES.has(error.code) || (error.code === 0 && error.httpStatus === 429))
    return { kind: 'throttle', waitMs: throttleWait(error, attempt) };
  if (withoutGraphBody(error)) {
    // Every send would meet the same answer: pausing keeps the list for when it is fixed.
    const pauseCode =
      error.httpStatus === 401 || error.httpStatus === 403 ? 'AUTHENTICATION' : 'REQUEST_REJECTED';
    return {
      kind: 'pause-campaign',
      pauseCode,
      reason: `WhatsApp answered HTTP ${error.httpStatus} without an error`,
    };
  }
  const pauseCode = pauseCodeOf(error.code);
  if (pauseCode) return { kind: 'pause-campaign', pauseCode, reason: `(#${error.code}) ${error.title}` };
  // An unlisted code Graph marks transient (is_transient, or a 5xx with an error body).
  if (error.retryable && !error.local)
    return { kind: 'throttle', waitMs: retryDelayForError(error, attempt) };
  return {
    kind: 'fail-recipient',
    code: String(error.code),
    title: error.title,
    details: error.details ?? null,
    retryableAfter: error.code === 131049 ? new Date(now.getTime() + RETRYABLE_AFTER_131049_MS) : null,
  };
}
