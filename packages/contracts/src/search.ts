/**
 * A message-text search with a term shorter than this matches nearly every message and cannot
 * use the trigram index (trigrams need 3 characters): it would scan the organization's messages.
 */
export const MESSAGE_SEARCH_MIN_LENGTH = 3;

export const MESSAGE_SEARCH_TOO_SHORT = `At least ${MESSAGE_SEARCH_MIN_LENGTH} characters to search in messages`;

/** Whether a filter asks for a message search with too short a term ('' is no search at all). */
export const isMessageSearchTooShort = (
  search: string | undefined,
  inMessages: boolean | undefined,
): boolean => {
  const term = search?.trim() ?? '';
  return Boolean(inMessages) && term.length > 0 && term.length < MESSAGE_SEARCH_MIN_LENGTH;
};

/** A list's `search` term: longer is a 400 (a substring search over a few hundred characters is a mistake). */
export const SEARCH_MAX_LENGTH = 200;
