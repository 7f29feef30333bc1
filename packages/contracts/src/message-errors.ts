/**
 * The error a FAILED outbound message carries when nobody knows whether WhatsApp accepted it: the
 * call timed out or lost its connection after the request was written, or the process stopped
 * between storing the message and hearing back. It is never sent again automatically (the
 * customer could get it twice); a later status webhook (matched by `biz_opaque_callback_data`)
 * still moves it on. WhatsApp's own error codes are positive, so a negative one cannot collide.
 */
export const OUTCOME_UNKNOWN = {
  code: -1,
  title: 'Outcome unknown: WhatsApp may have delivered it; check with the customer before sending again',
} as const;
