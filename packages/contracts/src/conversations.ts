export const CONVERSATION_STATUSES = [
  'BOT_HANDLING',
  'HUMAN_HANDLING',
  'OPEN',
  'WAITING_FOR_CUSTOMER',
  'CLOSED',
] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** The orders of the conversation list; the inbox's domain says which timestamp each sorts by. */
export const CONVERSATION_SORTS = [
  'newest',
  'oldest',
  'waiting_longest',
  'created_newest',
  'created_oldest',
] as const;
export type ConversationSort = (typeof CONVERSATION_SORTS)[number];
export const DEFAULT_CONVERSATION_SORT: ConversationSort = 'newest';

export const CONVERSATION_SUB_FILTERS = ['unread', 'needs_action', 'needs_action_window_open'] as const;
export type ConversationSubFilter = (typeof CONVERSATION_SUB_FILTERS)[number];

/** The fields of a conversation update that null (over gRPC: `clear`) sets to null. */
export const CONVERSATION_CLEARABLE = ['assignedTo', 'teamId', 'category', 'handoffSummary'] as const;

export const CONVERSATION_LIMITS = {
  category: 100,
  handoffSummary: 4000,
  followUpNote: 1000,
  /** Tags one list filter may name. */
  filterTagIds: 20,
  /** Categories one merge may fold into another, and the length of each. */
  mergeSources: 50,
  mergeCategory: 200,
} as const;
