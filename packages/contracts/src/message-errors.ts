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

/** How the API answers a template send that WhatsApp refused (kept on the message too). */
export interface TemplateSendProblem {
  /** 400: the parameters sent do not fit; 409: the template's state in WhatsApp forbids the send. */
  kind: 'invalid' | 'conflict';
  code: string;
  /** What the user should know or do; WhatsApp's own title follows it in the answer. */
  message: string;
}

/**
 * WhatsApp's template send errors (reference §3: 132000–132016, all synchronous and permanent).
 * 131047 is not one of them: it is the 24-hour rule for non-template messages.
 */
export const TEMPLATE_SEND_ERRORS: Readonly<Record<number, TemplateSendProblem>> = {
  132000: {
    kind: 'invalid',
    code: 'TEMPLATE_PARAMETER_COUNT',
    message:
      'The number of parameters does not match the template in WhatsApp (if it was edited there, sync the templates)',
  },
  132001: {
    kind: 'conflict',
    code: 'TEMPLATE_NOT_IN_WHATSAPP',
    message: 'WhatsApp has no approved template with this name in this language (sync the templates)',
  },
  132005: {
    kind: 'invalid',
    code: 'TEMPLATE_TEXT_TOO_LONG',
    message: 'The text with the parameters filled in is too long for WhatsApp: shorten the parameters',
  },
  132007: {
    kind: 'invalid',
    code: 'TEMPLATE_FORMAT_POLICY',
    message:
      "A parameter breaks WhatsApp's format policy (no new lines, tabs or more than 4 consecutive spaces)",
  },
  132012: {
    kind: 'invalid',
    code: 'TEMPLATE_PARAMETER_FORMAT',
    message: "A parameter's format does not match the template (e.g. a media header without its media)",
  },
  132015: {
    kind: 'conflict',
    code: 'TEMPLATE_PAUSED',
    message: 'WhatsApp paused this template for low quality: it can be sent again once unpaused',
  },
  132016: {
    kind: 'conflict',
    code: 'TEMPLATE_DISABLED',
    message: 'WhatsApp disabled this template for low quality: it cannot be sent any more',
  },
};

/** Any other code of the 132000–132016 range: refused by WhatsApp for this template. */
const OTHER_TEMPLATE_ERROR: TemplateSendProblem = {
  kind: 'conflict',
  code: 'TEMPLATE_REFUSED',
  message: 'WhatsApp refused to send this template',
};

/** The problem for a WhatsApp error code, or null when the code is not a template send error. */
export function templateSendProblem(code: number): TemplateSendProblem | null {
  if (code < 132000 || code > 132016) return null;
  return TEMPLATE_SEND_ERRORS[code] ?? OTHER_TEMPLATE_ERROR;
}

/**
 * The inbox's answer (404) to a template send with `replay_only` when no send used the key yet:
 * the templates service then resolves the template and sends for real.
 */
export const IDEMPOTENCY_KEY_UNUSED = 'IDEMPOTENCY_KEY_UNUSED';
