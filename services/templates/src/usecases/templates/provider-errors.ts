import { conflict, DomainError, invalid } from '@inbox/platform';
import { CloudApiError, isAccessRefused, isRateLimited } from '@inbox/whatsapp';

/** Graph's subcodes of template management refusals (code 100), as Meta answers them. */
const SUBCODE = {
  beingDeleted: 2388023,
  alreadyExists: 2388024,
  characterLimit: 2388040,
  examplesMissing: 2388043,
  headerFormat: 2388047,
  invalidHandle: 2494102,
} as const;

const COMPONENT_SUBCODES = new Set<number>([
  SUBCODE.characterLimit,
  SUBCODE.examplesMissing,
  SUBCODE.headerFormat,
  SUBCODE.invalidHandle,
]);

/** What WhatsApp Manager would show: its user message, else Graph's own. */
const whatWhatsAppSaid = (e: CloudApiError) =>
  [e.userTitle, e.userMessage].filter(Boolean).join(': ') || e.details || e.title;

/**
 * A failed template management call → the problem the caller sees. WhatsApp's refusals of the
 * content are 400 with its words on `components`; a name it holds is 409; its limits are 409
 * (edits) or 429; credentials it refuses are 409 (fix the channel); an outage is 503. Anything
 * not a Cloud API error is a bug and stays as it is.
 */
export function providerProblem(error: unknown): unknown {
  if (!(error instanceof CloudApiError)) return error;
  const said = whatWhatsAppSaid(error);
  if (error.local)
    return invalid('VALIDATION_FAILED', `WhatsApp would refuse this: ${said}`, [
      { path: 'template', message: said },
    ]);
  if (error.code === 100 && error.subcode === SUBCODE.alreadyExists)
    return conflict('TEMPLATE_EXISTS', `WhatsApp already has this template in this language. ${said}`);
  if (error.code === 100 && error.subcode === SUBCODE.beingDeleted)
    return conflict('TEMPLATE_NAME_LOCKED', `WhatsApp is still deleting this name. ${said}`);
  if (error.code === 80012) return conflict('EDIT_LIMIT', `WhatsApp refused the edit. ${said}`);
  // Limits and refused credentials are classed once for every service (@inbox/whatsapp), so these
  // answers match campaigns' reads; only the problem documents are this service's.
  if (isRateLimited(error))
    return new DomainError('rate_limited', 'WHATSAPP_RATE_LIMITED', `WhatsApp asks to wait. ${said}`);
  if (isAccessRefused(error))
    return conflict(
      'WHATSAPP_ACCESS_REFUSED',
      `WhatsApp refused the channel's credentials; check the WhatsApp settings. ${said}`,
    );
  if (error.outcomeUnknown || error.retryable)
    return new DomainError(
      'unavailable',
      'WHATSAPP_UNAVAILABLE',
      error.outcomeUnknown
        ? 'WhatsApp did not answer; the change may have been made there. Sync the templates before trying again.'
        : `WhatsApp is not available right now. ${said}`,
    );
  const path =
    error.subcode !== undefined && COMPONENT_SUBCODES.has(error.subcode) ? 'components' : 'template';
  return invalid('PROVIDER_REJECTED', `WhatsApp refused the template: ${said}`, [{ path, message: said }]);
}

/** Runs a Cloud API call, turning its failure into the problem the caller sees. */
export async function callWhatsApp<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerProblem(error);
  }
}
