import { and, eq, sql } from 'drizzle-orm';
import { DIRECTORY_EVENTS, directoryEventSchemas } from '@inbox/contracts';
import type { ProjectionTable } from '../../projections/projection';
import { users, userStatusChanges } from '../schema';

/**
 * Users as the directory announces them. A deleted user stays deleted (a late update does not
 * bring them back); the current status is the latest change by its own time.
 */
export const userProjections: ProjectionTable = {
  [DIRECTORY_EVENTS.userCreated]: async (tx, event) => {
    const data = directoryEventSchemas[DIRECTORY_EVENTS.userCreated].parse(event.data);
    await tx
      .insert(users)
      .values({ id: data.userId, orgId: event.orgId, name: data.name, role: data.role })
      .onConflictDoUpdate({
        target: users.id,
        set: { name: data.name, role: data.role },
        setWhere: eq(users.orgId, event.orgId),
      });
  },

  [DIRECTORY_EVENTS.userUpdated]: async (tx, event) => {
    const data = directoryEventSchemas[DIRECTORY_EVENTS.userUpdated].parse(event.data);
    await tx
      .insert(users)
      .values({ id: data.userId, orgId: event.orgId, name: data.name, role: data.role })
      .onConflictDoUpdate({
        target: users.id,
        set: { name: data.name, role: data.role },
        setWhere: eq(users.orgId, event.orgId),
      });
  },

  [DIRECTORY_EVENTS.userDeleted]: async (tx, event) => {
    const data = directoryEventSchemas[DIRECTORY_EVENTS.userDeleted].parse(event.data);
    await tx
      .insert(users)
      .values({ id: data.userId, orgId: event.orgId, deleted: true })
      .onConflictDoUpdate({
        target: users.id,
        set: { deleted: true },
        setWhere: eq(users.orgId, event.orgId),
      });
  },

  [DIRECTORY_EVENTS.userStatusChanged]: async (tx, event) => {
    const data = directoryEventSchemas[DIRECTORY_EVENTS.userStatusChanged].parse(event.data);
    const at = new Date(data.changedAt);
    await tx
      .insert(userStatusChanges)
      .values({
        eventId: event.id,
        orgId: event.orgId,
        userId: data.userId,
        from: data.from,
        to: data.to,
        at,
      })
      .onConflictDoNothing();
    await tx
      .insert(users)
      .values({ id: data.userId, orgId: event.orgId, status: data.to, statusSince: at })
      .onConflictDoUpdate({
        target: users.id,
        set: { status: data.to, statusSince: at },
        // An older change arriving late leaves the current status alone.
        setWhere: and(
          eq(users.orgId, event.orgId),
          sql`(${users.statusSince} is null or ${users.statusSince} <= ${at.toISOString()}::timestamptz)`,
        ),
      });
  },
};
