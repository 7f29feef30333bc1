import { and, asc, gt, lt } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { users } from '../schema';

/** What the history export tells of a user (services/directory/src/usecases/history). */
export interface HistoryUserRow {
  id: string;
  orgId: number;
  email: string;
  name: string;
  role: string;
  status: string;
  statusChangedAt: Date | null;
  deletedAt: Date | null;
  createdAt: Date;
}

/** The reads of the history export: every organization's users, in keyset order of id. */
export const historyRepository = {
  /** Up to `limit` users created before `before` with an id after `after` (primary-key order). */
  usersPage: (db: Db, before: Date, after: string | null, limit: number): Promise<HistoryUserRow[]> =>
    db
      .select({
        id: users.id,
        orgId: users.orgId,
        email: users.email,
        name: users.name,
        role: users.role,
        status: users.status,
        statusChangedAt: users.statusChangedAt,
        deletedAt: users.deletedAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(and(lt(users.createdAt, before), after === null ? undefined : gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(limit),
};
