import { HistoryPageBuilder, type Db, type HistoryPageMessage, type HistoryQuery } from '@inbox/platform';
import { historyRepository } from '../../db/repositories/history.repository';
import { decodeUserCursor, encodeUserCursor } from '../../domain/history/user-cursor';
import { userHistory } from '../../domain/history/user-history';

/**
 * ExportHistory of the directory: every organization's users created before the cutoff, in
 * keyset order of id, each with its own events (domain/history/user-history.ts). A page holds at
 * most `limit` users and stays within HistoryPageBuilder's bounds; a user's events travel
 * together, so a page ends between users and the cursor is the last user's id. Read-only,
 * callable in process (the all-in-one rebuild) as well as through gRPC.
 */
export async function exportDirectoryHistory(db: Db, query: HistoryQuery): Promise<HistoryPageMessage> {
  const after = decodeUserCursor(query.after);
  const users = await historyRepository.usersPage(db, query.before, after, query.limit);
  const page = new HistoryPageBuilder();
  let last: string | null = null;
  for (const user of users) {
    if (!page.add(userHistory(user, query.before))) break;
    last = user.id;
  }
  const more = users.length === query.limit || last !== users.at(-1)?.id;
  return { events: page.events, next: more && last !== null ? encodeUserCursor(last) : '' };
}
