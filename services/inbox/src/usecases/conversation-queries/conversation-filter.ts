import {
  clampWindowMinutes,
  CONVERSATION_LIMITS,
  CONVERSATION_SUB_FILTERS,
  ID_MAX_LENGTH,
  isMessageSearchTooShort,
  MESSAGE_SEARCH_TOO_SHORT,
  SEARCH_MAX_LENGTH,
  type ConversationSubFilter as SubFilter,
} from '@inbox/contracts';
import { invalid, type FieldError } from '@inbox/platform';
import type { CallerContext } from '../../deps';
import { CONVERSATION_STATUSES, type ConversationStatus } from '../../domain/conversation-state';

export type { SubFilter };

/** The filter as callers send it (the gRPC ConversationFilter). */
export interface ConversationFilterInput {
  status?: string;
  assignedTo?: string;
  search?: string;
  searchInMessages?: boolean;
  teamId?: string;
  category?: string;
  origin?: string;
  followUp?: boolean;
  windowExpiresWithin?: number;
  tagIds?: string[];
  subFilter?: string;
}

/** A checked filter; absent fields do not filter. `assignedTo: null` means unassigned. */
export interface ConversationFilter {
  status?: ConversationStatus;
  assignedTo?: string | null;
  /** Already trimmed; matched as a substring, case-insensitively. */
  search?: string;
  searchInMessages: boolean;
  teamId?: string;
  category?: string;
  origin?: string;
  followUp: boolean;
  windowExpiresWithin?: number;
  /** A conversation matches when it carries every one of these tags. */
  tagIds: string[];
  subFilter?: SubFilter;
}

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (values as readonly string[]).includes(value);

function resolveAssignee(value: string | undefined, caller: CallerContext, errors: FieldError[]) {
  if (value === undefined || value === '') return undefined;
  if (value === 'none') return null;
  if (value !== 'me') return value;
  // The gateway resolves `me`; a direct gRPC caller may still send it.
  if (!caller.userId) errors.push({ path: 'assignedTo', message: '`me` needs a user behind the call' });
  return caller.userId ?? undefined;
}

const present = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

/** Checks and normalizes a filter, naming every bad field at once; nothing is queried before this. */
export function parseConversationFilter(
  input: ConversationFilterInput | null | undefined,
  caller: CallerContext,
): ConversationFilter {
  const raw = input ?? {};
  const errors: FieldError[] = [];
  const status = present(raw.status);
  if (status !== undefined && !oneOf(CONVERSATION_STATUSES, status))
    errors.push({ path: 'status', message: `One of ${CONVERSATION_STATUSES.join(', ')}` });
  const subFilter = present(raw.subFilter);
  if (subFilter !== undefined && !oneOf(CONVERSATION_SUB_FILTERS, subFilter))
    errors.push({ path: 'subFilter', message: `One of ${CONVERSATION_SUB_FILTERS.join(', ')}` });
  const minutes = raw.windowExpiresWithin;
  if (minutes !== undefined && (!Number.isInteger(minutes) || minutes < 1))
    errors.push({ path: 'windowExpiresWithin', message: 'A whole number of minutes, at least 1' });
  const tagIds = [...new Set(raw.tagIds ?? [])];
  const maxTags = CONVERSATION_LIMITS.filterTagIds;
  if (tagIds.some((t) => t.length === 0 || t.length > ID_MAX_LENGTH) || tagIds.length > maxTags)
    errors.push({ path: 'tagIds', message: `Up to ${maxTags} non-empty tag ids` });
  const search = raw.search?.trim();
  if (search !== undefined && search.length > SEARCH_MAX_LENGTH)
    errors.push({ path: 'search', message: `At most ${SEARCH_MAX_LENGTH} characters` });
  else if (isMessageSearchTooShort(search, raw.searchInMessages))
    errors.push({ path: 'search', message: MESSAGE_SEARCH_TOO_SHORT });
  const assignedTo = resolveAssignee(raw.assignedTo, caller, errors);
  if (errors.length > 0) throw invalid('VALIDATION_FAILED', 'The conversation filter is invalid', errors);
  return {
    status: status as ConversationStatus | undefined,
    assignedTo,
    search: search || undefined,
    searchInMessages: raw.searchInMessages ?? false,
    teamId: present(raw.teamId),
    category: present(raw.category),
    origin: present(raw.origin),
    followUp: raw.followUp ?? false,
    windowExpiresWithin: minutes === undefined ? undefined : clampWindowMinutes(minutes),
    tagIds,
    subFilter: subFilter as SubFilter | undefined,
  };
}
