import {
  DIRECTORY_EVENTS,
  historyEventId,
  type DirectoryEventData,
  type HistoryEventView,
  type Role,
} from '@inbox/contracts';
import type { HistoryUserRow } from '../../db/repositories/history.repository';

/** The `what` of each event's id: one event of each type per user. */
const EVENT_KEYS = {
  [DIRECTORY_EVENTS.userCreated]: 'user-created',
  [DIRECTORY_EVENTS.userStatusChanged]: 'user-status',
  [DIRECTORY_EVENTS.userDeleted]: 'user-deleted',
} as const;

/** The event as it would have been published, with its deterministic id. */
function historyEvent<T extends keyof typeof EVENT_KEYS>(
  type: T,
  user: HistoryUserRow,
  at: Date,
  data: DirectoryEventData<T>,
): HistoryEventView {
  return {
    id: historyEventId('directory', EVENT_KEYS[type], user.id),
    type,
    orgId: user.orgId,
    occurredAt: at.toISOString(),
    data,
  };
}

/**
 * A user's history as far as the directory stores it, facts before `before` only, in time order:
 * - `user.created` at its creation, with the name, e-mail and role it has now, even when edited
 *   after the cutoff (edits keep no history; analytics keeps only the latest anyway). Who made
 *   it is not stored: actor null.
 * - its current presence as one `user.status_changed` at `status_changed_at`, the time it was set
 *   (the earlier changes were never stored), `from` OFFLINE (a user's status before any change).
 *   Left out when it was set at or after the cutoff (the status at the cutoff is then unknown),
 *   when it was never changed, and for a deleted user, deleted before the cutoff or after it (a
 *   deletion writes OFFLINE over the status without a time, so the status it had is lost).
 * - `user.deleted` at its deletion, when that is before the cutoff.
 */
export function userHistory(user: HistoryUserRow, before: Date): HistoryEventView[] {
  const events = [
    historyEvent(DIRECTORY_EVENTS.userCreated, user, user.createdAt, {
      userId: user.id,
      email: user.email,
      name: user.name,
      role: user.role as Role,
      actorId: null,
    }),
  ];
  const changedAt = user.statusChangedAt;
  if (user.deletedAt === null && changedAt !== null && changedAt < before)
    events.push(
      historyEvent(DIRECTORY_EVENTS.userStatusChanged, user, changedAt, {
        userId: user.id,
        from: 'OFFLINE',
        to: user.status,
        changedAt: changedAt.toISOString(),
        actorId: null,
      }),
    );
  if (user.deletedAt !== null && user.deletedAt < before)
    events.push(
      historyEvent(DIRECTORY_EVENTS.userDeleted, user, user.deletedAt, { userId: user.id, actorId: null }),
    );
  return events;
}
