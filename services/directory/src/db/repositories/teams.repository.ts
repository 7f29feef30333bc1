import { and, asc, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import type { Holiday, WeeklyInterval } from '../../domain/schedule';
import { teamMembers, teams, teamSchedules, users } from '../schema';

export type TeamRow = typeof teams.$inferSelect;
export type TeamSummary = TeamRow & { memberCount: number };

export interface TeamMemberView {
  userId: string;
  role: string;
  name: string;
  email: string;
  addedAt: Date;
}

export type TeamDetail = TeamSummary & { members: TeamMemberView[] };

export interface ScheduleRow {
  teamId: string;
  orgId: number;
  timezone: string;
  weeklyHours: WeeklyInterval[];
  holidays: Holiday[];
  updatedAt: Date;
}

const sameTeam = (orgId: number, id: string) => and(eq(teams.orgId, orgId), eq(teams.id, id));
// Deleted users keep their membership rows but are no longer members anyone sees or counts.
const liveUser = and(eq(users.id, teamMembers.userId), isNull(users.deletedAt));
const memberColumns = {
  userId: teamMembers.userId,
  role: teamMembers.role,
  name: users.name,
  email: users.email,
  addedAt: teamMembers.addedAt,
};

export const teamsRepository = {
  list: (db: Db, orgId: number, includeInactive: boolean): Promise<TeamSummary[]> =>
    db
      .select({ ...getTableColumns(teams), memberCount: sql<number>`count(${users.id})::int` })
      .from(teams)
      .leftJoin(teamMembers, eq(teamMembers.teamId, teams.id))
      .leftJoin(users, liveUser)
      .where(includeInactive ? eq(teams.orgId, orgId) : and(eq(teams.orgId, orgId), eq(teams.active, true)))
      .groupBy(teams.id)
      .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id)),

  /** `lock` holds the row until the transaction ends, so membership changes and deactivation serialize. */
  find: async (db: Db, orgId: number, id: string, lock = false): Promise<TeamRow | undefined> => {
    const query = db.select().from(teams).where(sameTeam(orgId, id));
    return (await (lock ? query.for('update') : query))[0];
  },

  members: (db: Db, orgId: number, teamId: string): Promise<TeamMemberView[]> =>
    db
      .select(memberColumns)
      .from(teamMembers)
      .innerJoin(users, liveUser)
      .where(and(eq(teamMembers.orgId, orgId), eq(teamMembers.teamId, teamId)))
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id)),

  /** Who routing may give a conversation to: the live members and their status (ONLINE, AWAY, OFFLINE), by id. */
  memberStatuses: (db: Db, orgId: number, teamId: string): Promise<{ userId: string; status: string }[]> =>
    db
      .select({ userId: teamMembers.userId, status: users.status })
      .from(teamMembers)
      .innerJoin(users, liveUser)
      .where(and(eq(teamMembers.orgId, orgId), eq(teamMembers.teamId, teamId)))
      .orderBy(asc(teamMembers.userId)),

  detail: async (db: Db, orgId: number, id: string): Promise<TeamDetail | undefined> => {
    const team = await teamsRepository.find(db, orgId, id);
    if (!team) return undefined;
    const members = await teamsRepository.members(db, orgId, id);
    return { ...team, memberCount: members.length, members };
  },

  /** Names are unique among an organization's active teams only, ignoring case. */
  activeNameTaken: async (db: Db, orgId: number, name: string, exceptId?: string): Promise<boolean> => {
    const rows = await db
      .select({ id: teams.id })
      .from(teams)
      .where(
        and(
          eq(teams.orgId, orgId),
          eq(teams.active, true),
          sql`lower(${teams.name}) = lower(${name})`,
          exceptId ? ne(teams.id, exceptId) : undefined,
        ),
      );
    return rows.length > 0;
  },

  insert: async (db: Db, row: typeof teams.$inferInsert): Promise<TeamRow> =>
    (await db.insert(teams).values(row).returning())[0],

  update: async (db: Db, orgId: number, id: string, patch: Partial<typeof teams.$inferInsert>) =>
    (
      await db
        .update(teams)
        .set({ ...patch, updatedAt: new Date() })
        .where(sameTeam(orgId, id))
        .returning()
    )[0] as TeamRow | undefined,

  activeUserExists: async (db: Db, orgId: number, userId: string): Promise<boolean> =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.orgId, orgId), eq(users.id, userId), isNull(users.deletedAt)))
    ).length > 0,

  findMember: async (db: Db, orgId: number, teamId: string, userId: string) =>
    (
      await db
        .select(memberColumns)
        .from(teamMembers)
        .innerJoin(users, liveUser)
        .where(
          and(eq(teamMembers.orgId, orgId), eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)),
        )
    )[0] as TeamMemberView | undefined,

  insertMember: async (db: Db, row: typeof teamMembers.$inferInsert): Promise<void> => {
    await db.insert(teamMembers).values(row);
  },

  updateMemberRole: async (db: Db, teamId: string, userId: string, role: string): Promise<void> => {
    await db
      .update(teamMembers)
      .set({ role })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  },

  deleteMember: async (db: Db, teamId: string, userId: string): Promise<void> => {
    await db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  },

  findSchedule: async (db: Db, orgId: number, teamId: string) =>
    (
      await db
        .select()
        .from(teamSchedules)
        .where(and(eq(teamSchedules.orgId, orgId), eq(teamSchedules.teamId, teamId)))
    )[0] as ScheduleRow | undefined,

  upsertSchedule: async (db: Db, row: Omit<ScheduleRow, 'updatedAt'>): Promise<ScheduleRow> => {
    const rules = { timezone: row.timezone, weeklyHours: row.weeklyHours, holidays: row.holidays };
    const [stored] = await db
      .insert(teamSchedules)
      .values({ ...row, updatedAt: new Date() })
      .onConflictDoUpdate({ target: teamSchedules.teamId, set: { ...rules, updatedAt: new Date() } })
      .returning();
    return stored as ScheduleRow;
  },
};
