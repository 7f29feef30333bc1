import { BULK_SELECTION_MODES, MAX_BULK } from '@inbox/contracts';
import { invalid } from '../errors';
import { tooManySelected } from './bulk';

/** What a bulk request selects: the ids it names (mode `ids`), or every item matching its filters (mode `all`). */
export interface BulkSelection {
  mode: string;
  /** With mode `ids`. */
  ids: readonly string[];
}

/**
 * The distinct ids a selection names. Mode `all` asks `listAll` for at most `max + 1` ids (the
 * list's filters applied by the caller), so a selection of a million rows costs one short read
 * and a 400, never a million ids in memory. More than `max` in either mode is refused on
 * `selection`, before anything changes.
 */
export async function selectBulkIds(
  selection: BulkSelection,
  listAll: (limit: number) => Promise<string[]>,
  options: { max?: number } = {},
): Promise<string[]> {
  const max = options.max ?? MAX_BULK;
  let ids: string[];
  if (selection.mode === 'ids') {
    if (selection.ids.length === 0)
      throw invalid('VALIDATION_FAILED', 'The selection names no ids', [
        { path: 'selection.ids', message: 'Give at least one id' },
      ]);
    // A request naming more than `max` ids is refused as written, duplicates included.
    if (selection.ids.length > max) throw tooManySelected(max);
    ids = [...new Set(selection.ids)];
  } else if (selection.mode === 'all') {
    ids = [...new Set(await listAll(max + 1))];
  } else {
    throw invalid('VALIDATION_FAILED', 'Unknown selection mode', [
      { path: 'selection.mode', message: `Use one of ${BULK_SELECTION_MODES.join(', ')}` },
    ]);
  }
  if (ids.length > max) throw tooManySelected(max);
  return ids;
}
