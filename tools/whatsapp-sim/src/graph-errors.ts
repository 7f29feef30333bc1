import { newFbtraceId } from './ids';

export const ERROR_CODES_HREF =
  'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/';

interface CatalogEntry {
  title: string;
  details: string;
  httpStatus?: number;
}

/** Titles and HTTP statuses from Meta's error-code page (reference §3); unlisted codes answer 400. */
const CATALOG: Record<number, CatalogEntry> = {
  0: { title: 'AuthException', details: 'We were unable to authenticate the app user.', httpStatus: 401 },
  4: { title: 'Application request limit reached', details: 'Too many API calls.', httpStatus: 429 },
  100: { title: 'Invalid parameter', details: 'Invalid parameter.' },
  190: { title: 'Invalid OAuth access token', details: 'The access token is invalid.', httpStatus: 401 },
  368: {
    title: 'Temporarily blocked for policies violations',
    details: 'Policy violation.',
    httpStatus: 403,
  },
  80007: {
    title: 'Rate limit issues',
    details: 'The WhatsApp Business Account reached its rate limit.',
    httpStatus: 429,
  },
  80008: {
    title: 'There have been too many calls to this WhatsApp Business account. Wait a bit and try again.',
    details: 'The WhatsApp Business Account reached a rate limit.',
    httpStatus: 429,
  },
  80012: {
    title: 'There have been too many calls to this message template. Wait a bit and try again.',
    details: 'The message template reached a rate limit.',
    httpStatus: 429,
  },
  130429: {
    title: 'Rate limit hit',
    details: 'Cloud API message throughput has been reached.',
    httpStatus: 429,
  },
  131000: {
    title: 'Something went wrong',
    details: 'Message failed to send due to an unknown error.',
    httpStatus: 500,
  },
  131005: {
    title: 'Access denied',
    details: 'Permission is either not granted or has been removed.',
    httpStatus: 403,
  },
  131008: { title: 'Required parameter is missing', details: 'The request is missing a required parameter.' },
  131009: { title: 'Parameter value is not valid', details: 'One or more parameter values are invalid.' },
  131016: { title: 'Service unavailable', details: 'A service is temporarily unavailable.', httpStatus: 503 },
  131021: { title: 'Recipient cannot be sender', details: 'Sender and recipient phone number is the same.' },
  131026: { title: 'Message undeliverable', details: 'Unable to deliver message.' },
  131030: {
    title: 'Recipient phone number not in allowed list',
    details: 'Add recipient to the allowed list.',
  },
  131031: {
    title: 'Business Account locked',
    details: 'The WhatsApp Business Account is locked.',
    httpStatus: 403,
  },
  131042: {
    title: 'Business eligibility payment issue',
    details: 'There was an error related to your payment method.',
  },
  131047: {
    title: 'Re-engagement message',
    details:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  131048: {
    title: 'Spam rate limit hit',
    details: 'Message failed to send because of spam restrictions.',
    httpStatus: 429,
  },
  131049: {
    title: 'This message was not delivered to maintain healthy ecosystem engagement.',
    details: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
  },
  131050: { title: 'User has stopped marketing messages', details: 'The user stopped marketing messages.' },
  131051: { title: 'Unsupported message type', details: 'Message type is currently not supported.' },
  131052: { title: 'Media download error', details: 'Unable to download the media sent by the user.' },
  131053: { title: 'Media upload error', details: 'Unable to upload the media used in the message.' },
  131056: {
    title: '(Business Account, Consumer Account) pair rate limit hit',
    details: 'Too many messages sent from the sender phone number to the same recipient phone number.',
    httpStatus: 429,
  },
  131057: {
    title: 'Business Account in maintenance mode',
    details: 'The account is in maintenance.',
    httpStatus: 500,
  },
  132000: {
    title: 'Number of parameters does not match the expected number of params',
    details: 'Param mismatch.',
  },
  132001: {
    title: 'Template name does not exist in the translation',
    details: 'The template does not exist in the given language.',
    httpStatus: 404,
  },
  132005: { title: 'Translated text too long', details: 'Translated text is too long.' },
  132007: {
    title: 'Template Format Character Policy Violated',
    details: 'Template content violates a policy.',
  },
  132012: {
    title: 'Parameter format does not match format in the created template',
    details: 'Format mismatch.',
  },
  132015: { title: 'Template is Paused', details: 'The template is paused due to low quality.' },
  132016: { title: 'Template is Disabled', details: 'The template is disabled due to low quality.' },
  133010: { title: 'Phone number Not Registered', details: 'The phone number is not registered.' },
};

export function errorTitle(code: number): string {
  return CATALOG[code]?.title ?? `Error ${code}`;
}

export function errorDetails(code: number): string {
  return CATALOG[code]?.details ?? errorTitle(code);
}

export function httpStatusFor(code: number): number {
  return CATALOG[code]?.httpStatus ?? 400;
}

export interface GraphErrorInit {
  code: number;
  message: string;
  httpStatus?: number;
  type?: 'OAuthException' | 'GraphMethodException';
  subcode?: number;
  details?: string;
  /** Graph's `error_user_title` / `error_user_msg`, which template management errors carry. */
  userTitle?: string;
  userMessage?: string;
}

/** A Graph API error answer: `{ error: { message, type, code, error_subcode?, error_data?, is_transient, fbtrace_id } }`. */
export class GraphError extends Error {
  readonly httpStatus: number;

  constructor(readonly init: GraphErrorInit) {
    super(init.message);
    this.httpStatus = init.httpStatus ?? httpStatusFor(init.code);
  }

  toJSON(): { error: Record<string, unknown> } {
    const { code, message, subcode, details, userTitle, userMessage } = this.init;
    return {
      error: {
        message,
        type: this.init.type ?? 'OAuthException',
        code,
        ...(subcode === undefined ? {} : { error_subcode: subcode }),
        ...(details === undefined ? {} : { error_data: { messaging_product: 'whatsapp', details } }),
        is_transient: this.httpStatus === 429 || this.httpStatus >= 500,
        ...(userTitle === undefined ? {} : { error_user_title: userTitle }),
        ...(userMessage === undefined ? {} : { error_user_msg: userMessage }),
        fbtrace_id: newFbtraceId(),
      },
    };
  }
}

/** The error a chosen (or catalogued) platform failure answers with: `(#<code>) <title>`. */
export function platformError(code: number, title?: string, httpStatus?: number): GraphError {
  const t = title ?? errorTitle(code);
  return new GraphError({ code, message: `(#${code}) ${t}`, httpStatus, details: errorDetails(code) });
}

export function invalidParameter(message: string, details?: string): GraphError {
  return new GraphError({ code: 100, message: `(#100) ${message}`, details: details ?? message });
}

export function unknownObject(id: string, verb: 'get' | 'post' | 'delete', httpStatus = 400): GraphError {
  return new GraphError({
    code: 100,
    httpStatus,
    subcode: 33,
    type: 'GraphMethodException',
    message:
      `Unsupported ${verb} request. Object with ID '${id}' does not exist, cannot be loaded due to missing ` +
      'permissions, or does not support this operation. Please read the Graph API documentation at ' +
      'https://developers.facebook.com/docs/graph-api',
  });
}

export function invalidToken(missing: boolean): GraphError {
  return new GraphError({
    code: 190,
    httpStatus: 401,
    message: missing
      ? 'An active access token must be used to query information about the current user.'
      : 'Invalid OAuth access token - Cannot parse access token',
  });
}

/** A status webhook's `errors[]` item for an asynchronous failure. */
export function statusError(code: number, title?: string): Record<string, unknown> {
  const t = title ?? errorTitle(code);
  return { code, title: t, message: t, error_data: { details: errorDetails(code) }, href: ERROR_CODES_HREF };
}
