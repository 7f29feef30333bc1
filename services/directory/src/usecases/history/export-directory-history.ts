import { HISTORY_PAGE_MAX_EVENTS } from '@inbox/contracts';
import {
  decodeCursor,
  encodeCursor,
  historyEventMessage,
  type Db,
  type HistoryPageMessage,
  type HistoryQuery,
} from '@inbox/platform';
import { historyRepository } from '../../db/repositories/history.repository';
import { userHistory } from './user-history';

/**
 * ExportHistory of the directory: every organization's users created before the cutoff, in
 * keyset order of id, each with its own events (user-history.ts). A page holds at most `limit`
 * users and HISTORY_PAGE_MAX_EVENTS events; a user has at most two, so a page always ends
 * between users and the cursor is the last user's id. Read-only, callable in process (the
 * all-in-one rebuild) as well as through gRPC.
 */
export async function exportDirectoryHistory(db: Db, query: HistoryQuery): Promise<HistoryPageMessage> {
  const after = query.after ? decodeCursor(query.after, 1, 'after')[0] : null;
  const users = await historyRepository.usersPage(db, query.before, after, query.limit);
  const events: HistoryPageMessage['events'] = [];
  let last: string | null = null;
  for (const user of users) {
    const told = userHistory(user, query.before);
    if (events.length + told.length > HISTORY_PAGE_MAX_EVENTS) break;
    events.push(...told.map(historyEventMessage));
    last = user.id;
  }
  const full = users.length === query.limit || last !== users.at(-1)?.id;
  return { events, next: full && last !== null ? encodeCursor([last]) : '' };
}
