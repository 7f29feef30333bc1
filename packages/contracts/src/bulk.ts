/** The most items one bulk action may touch, in every selection mode (`ids` and `all` alike). */
export const MAX_BULK = 500;

/** `ids`: the ids the request names; `all`: every item matching the list's filters. */
export const BULK_SELECTION_MODES = ['ids', 'all'] as const;
export type BulkSelectionMode = (typeof BULK_SELECTION_MODES)[number];
