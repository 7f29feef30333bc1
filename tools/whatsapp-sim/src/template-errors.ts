import { GraphError, platformError } from './graph-errors';
import type { StoreRefusal } from './template-store';

/**
 * Template management errors as Graph answers them: code 100 "Invalid parameter" with a subcode
 * and a user title/message (what WhatsApp Manager shows). Subcodes seen in Meta's answers:
 * 2388023 (language being deleted), 2388024 (content in this language exists), 2388040 (character
 * limit), 2388047 (header format), 2494102 (media handle). 2388043 (examples missing) is unverified.
 */

export const SUBCODES = {
  beingDeleted: 2388023,
  alreadyExists: 2388024,
  characterLimit: 2388040,
  examplesMissing: 2388043,
  headerFormat: 2388047,
  invalidHandle: 2494102,
} as const;

export function templateInvalid(userTitle: string, userMessage: string, subcode?: number): GraphError {
  return new GraphError({ code: 100, message: 'Invalid parameter', subcode, userTitle, userMessage });
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Meta's answer to what the template store refused. */
export function refusalError(refusal: StoreRefusal, language?: string): GraphError {
  switch (refusal.kind) {
    case 'exists':
      return templateInvalid(
        'Content in This Language Already Exists',
        `There is already ${refusal.template.language} content for this template (id ${refusal.template.id}). ` +
          'Create a new template and try again.',
        SUBCODES.alreadyExists,
      );
    case 'being_deleted':
      return templateInvalid(
        'Message Template Language Is Being Deleted',
        `New ${language ?? ''} content can't be added while the existing ${language ?? ''} content is being ` +
          `deleted. Try again after ${iso(refusal.until)} or consider creating a new message template.`,
        SUBCODES.beingDeleted,
      );
    case 'rate_limited':
      return new GraphError({
        ...platformError(80008).init,
        userTitle: 'Template creation limit reached',
        userMessage: 'A WhatsApp Business Account can create at most 100 message templates per hour.',
      });
    case 'edit_limit':
      return new GraphError({
        ...platformError(80012).init,
        userTitle: 'Template edit limit reached',
        userMessage:
          (refusal.window === '24h'
            ? 'An approved template can be edited once every 24 hours.'
            : 'An approved template can be edited up to 10 times in 30 days.') +
          ` The next edit is allowed after ${iso(refusal.nextAllowedAt)}.`,
      });
    case 'not_editable':
      return templateInvalid(
        "Template Can't Be Edited",
        `Only templates that are APPROVED, REJECTED or PAUSED can be edited; this one is ${refusal.status}.`,
      );
    case 'category_locked':
      return templateInvalid(
        "Category Can't Be Changed",
        "The category of an approved message template can't be changed.",
      );
    case 'disabled':
      return templateInvalid("Template Can't Be Deleted", "A disabled message template can't be deleted.");
    case 'not_found':
      return templateInvalid(
        'Message Template Not Found',
        'No message template matches the given name and id.',
      );
  }
}
