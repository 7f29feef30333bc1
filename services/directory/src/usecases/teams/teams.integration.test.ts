import { eq } from 'drizzle-orm';
import { newId, type Db, type Role } from '@inbox/platform';
import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { users } from '../../db/schema';
import { teamHandlers } from '../../grpc/teams.handlers';
import { createDirectoryTestbed, type DirectoryTestbed } from '../../testing/testbed';
import { addTeamMember } from './add-team-member';
import { createTeam } from './create-team';
import { deactivateTeam } from './deactivate-team';
import { getSchedule } from './get-schedule';
import { getScheduleStatus } from './get-schedule-status';
import { getTeam } from './get-team';
import { listTeams } from './list-teams';
import { putSchedule } from './put-schedule';
import { removeTeamMember } from './remove-team-member';
import { updateTeam } from './update-team';
import { updateTeamMember } from './update-team-member';

let testbed: DirectoryTestbed;
beforeAll(async () => {
  testbed = await createDirectoryTestbed();
});
afterAll(() => testbed?.close());

// Each test works in its own organization, so tests cannot see each other's rows or events.
let lastOrg = 1000;
const newOrg = () => ++lastOrg;

async function makeUser(db: Db, o: { orgId: number; name?: string; role?: Role; deleted?: boolean }) {
  const id = newId();
  const name = o.name ?? `User ${id.slice(-6)}`;
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${id.slice(-6)}@example.test`;
  const deletedAt = o.deleted ? new Date() : null;
  await db
    .insert(users)
    .values({ id, orgId: o.orgId, email, name, role: o.role ?? 'AGENT', status: 'ONLINE', deletedAt });
  return { id, name, email };
}

const fails = (promise: Promise<unknown>, expected: Record<string, unknown>) =>
  expect(promise).rejects.toMatchObject(expected);
const NOT_FOUND = (what: string) => ({ kind: 'not_found', message: `${what} not found` });

describe('teams', () => {
  it('creates, lists by name, shows, updates, deactivates and reactivates teams', async () => {
    const admin = testbed.caller(newOrg());
    const support = await createTeam(testbed.deps, admin, { name: '  Support  ', description: 'Tier 1' });
    expect(support).toMatchObject({ name: 'Support', description: 'Tier 1', active: true, memberCount: 0 });
    await createTeam(testbed.deps, admin, { name: 'Sales' });
    await createTeam(testbed.deps, admin, { name: 'billing' });
    const names = async (includeInactive = false) =>
      (await listTeams(testbed.deps, admin, { includeInactive })).map((t) => `${t.name}:${t.active}`);
    expect(await names()).toEqual(['billing:true', 'Sales:true', 'Support:true']);

    const renamed = await updateTeam(testbed.deps, admin, support.id, { name: 'Help desk', description: '' });
    expect(renamed).toMatchObject({ id: support.id, name: 'Help desk', description: null, members: [] });
    expect(await getTeam(testbed.deps, admin, support.id)).toMatchObject({ name: 'Help desk', active: true });

    await deactivateTeam(testbed.deps, admin, support.id);
    await deactivateTeam(testbed.deps, admin, support.id); // idempotent
    expect(await names()).toEqual(['billing:true', 'Sales:true']);
    expect(await names(true)).toEqual(['billing:true', 'Help desk:false', 'Sales:true']);
    expect(await getTeam(testbed.deps, admin, support.id)).toMatchObject({ active: false });
    await updateTeam(testbed.deps, admin, support.id, { active: true });
    expect(await names()).toEqual(['billing:true', 'Help desk:true', 'Sales:true']);
  });

  it('validates the name and keeps active names unique, ignoring case', async () => {
    const admin = testbed.caller(newOrg());
    const nameError = {
      kind: 'invalid',
      code: 'VALIDATION_FAILED',
      fields: [expect.objectContaining({ path: 'name' })],
    };
    await fails(createTeam(testbed.deps, admin, { name: '   ' }), nameError);
    await fails(createTeam(testbed.deps, admin, { name: 'x'.repeat(101) }), nameError);
    expect(await createTeam(testbed.deps, admin, { name: 'x'.repeat(100) })).toMatchObject({ active: true });

    const first = await createTeam(testbed.deps, admin, { name: 'Support' });
    const taken = { kind: 'conflict', code: 'TEAM_NAME_TAKEN' };
    await fails(createTeam(testbed.deps, admin, { name: 'SUPPORT' }), taken);
    const other = await createTeam(testbed.deps, admin, { name: 'Other' });
    await fails(updateTeam(testbed.deps, admin, other.id, { name: 'support ' }), taken);
    // Racing creates: exactly one wins, the other gets the same conflict (not a 500).
    const race = await Promise.allSettled(
      ['Race', 'race'].map((name) => createTeam(testbed.deps, admin, { name })),
    );
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(race.find((r) => r.status === 'rejected')).toMatchObject({ reason: taken });

    await deactivateTeam(testbed.deps, admin, first.id);
    const reused = await createTeam(testbed.deps, admin, { name: 'support' });
    expect(reused.id).not.toBe(first.id);
    await fails(updateTeam(testbed.deps, admin, first.id, { active: true }), taken);
    // Another organization may use the same name.
    await createTeam(testbed.deps, testbed.caller(newOrg()), { name: 'Support' });
  });

  it('adds, re-roles and removes members, with every refusal', async () => {
    const orgId = newOrg();
    const admin = testbed.caller(orgId);
    const team = await createTeam(testbed.deps, admin, { name: 'Support' });
    const [alice, bob, carol] = await Promise.all(
      ['Alice', 'Bob', 'Carol'].map((name) => makeUser(testbed.deps.db, { orgId, name })),
    );
    const ghost = await makeUser(testbed.deps.db, { orgId, deleted: true });
    const member = (userId: string, role?: string) => ({ teamId: team.id, userId, role });

    const added = await addTeamMember(testbed.deps, admin, member(alice.id));
    expect(added.members).toEqual([
      { userId: alice.id, role: 'MEMBER', name: 'Alice', email: alice.email, addedAt: expect.any(Date) },
    ]);
    await addTeamMember(testbed.deps, admin, member(bob.id, 'LEAD'));
    await addTeamMember(testbed.deps, admin, member(carol.id));
    await fails(addTeamMember(testbed.deps, admin, member(alice.id)), {
      kind: 'conflict',
      code: 'ALREADY_MEMBER',
    });
    await fails(addTeamMember(testbed.deps, admin, member(ghost.id)), NOT_FOUND('User'));
    await fails(addTeamMember(testbed.deps, admin, member(newId())), NOT_FOUND('User'));
    await fails(
      addTeamMember(testbed.deps, admin, { ...member(alice.id), teamId: newId() }),
      NOT_FOUND('Team'),
    );
    const badRole = { kind: 'invalid', fields: [expect.objectContaining({ path: 'role' })] };
    await fails(addTeamMember(testbed.deps, admin, member(ghost.id, 'OWNER')), badRole);
    await fails(updateTeamMember(testbed.deps, admin, { ...member(alice.id), role: 'lead' }), badRole);

    const updated = await updateTeamMember(testbed.deps, admin, { ...member(alice.id), role: 'LEAD' });
    expect(updated.members.map((m) => `${m.name}:${m.role}`)).toEqual([
      'Alice:LEAD',
      'Bob:LEAD',
      'Carol:MEMBER',
    ]);
    const removed = await removeTeamMember(testbed.deps, admin, member(bob.id));
    expect(removed.members.map((m) => m.name)).toEqual(['Alice', 'Carol']);
    await fails(removeTeamMember(testbed.deps, admin, member(bob.id)), NOT_FOUND('Team member'));
    await fails(
      updateTeamMember(testbed.deps, admin, { ...member(bob.id), role: 'LEAD' }),
      NOT_FOUND('Team member'),
    );

    // A deleted user disappears from the members and the count.
    await testbed.deps.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, carol.id));
    expect((await getTeam(testbed.deps, admin, team.id)).members.map((m) => m.name)).toEqual(['Alice']);
    expect(await listTeams(testbed.deps, admin)).toMatchObject([{ memberCount: 1 }]);

    await deactivateTeam(testbed.deps, admin, team.id);
    await fails(addTeamMember(testbed.deps, admin, member(bob.id)), {
      kind: 'conflict',
      code: 'TEAM_INACTIVE',
    });
  });

  it('keeps organizations apart', async () => {
    const [orgA, orgB] = [newOrg(), newOrg()];
    const [adminA, adminB] = [testbed.caller(orgA), testbed.caller(orgB)];
    const teamA = await createTeam(testbed.deps, adminA, { name: 'Support' });
    const userB = await makeUser(testbed.deps.db, { orgId: orgB });
    await fails(
      addTeamMember(testbed.deps, adminA, { teamId: teamA.id, userId: userB.id }),
      NOT_FOUND('User'),
    );
    await fails(
      addTeamMember(testbed.deps, adminB, { teamId: teamA.id, userId: userB.id }),
      NOT_FOUND('Team'),
    );
    await fails(getTeam(testbed.deps, adminB, teamA.id), NOT_FOUND('Team'));
    await fails(updateTeam(testbed.deps, adminB, teamA.id, { name: 'Mine' }), NOT_FOUND('Team'));
    await fails(deactivateTeam(testbed.deps, adminB, teamA.id), NOT_FOUND('Team'));
    await fails(getScheduleStatus(testbed.deps, adminB, teamA.id), NOT_FOUND('Team'));
    await fails(putSchedule(testbed.deps, adminB, { ...weekdays9to5, teamId: teamA.id }), NOT_FOUND('Team'));
    expect(await listTeams(testbed.deps, adminB, { includeInactive: true })).toEqual([]);
    expect(await getTeam(testbed.deps, adminA, teamA.id)).toMatchObject({ name: 'Support', active: true });
  });

  it('lets agents read but not change teams', async () => {
    const orgId = newOrg();
    const team = await createTeam(testbed.deps, testbed.caller(orgId), { name: 'Support' });
    const user = await makeUser(testbed.deps.db, { orgId });
    const agent = testbed.caller(orgId, 'AGENT');
    const forbidden = { kind: 'forbidden' };
    const ref = { teamId: team.id, userId: user.id, role: 'LEAD' };
    await fails(createTeam(testbed.deps, agent, { name: 'Mine' }), forbidden);
    await fails(updateTeam(testbed.deps, agent, team.id, { name: 'Mine' }), forbidden);
    await fails(deactivateTeam(testbed.deps, agent, team.id), forbidden);
    await fails(addTeamMember(testbed.deps, agent, ref), forbidden);
    await fails(updateTeamMember(testbed.deps, agent, ref), forbidden);
    await fails(removeTeamMember(testbed.deps, agent, ref), forbidden);
    await fails(putSchedule(testbed.deps, agent, { ...weekdays9to5, teamId: team.id }), forbidden);
    expect(await getTeam(testbed.deps, agent, team.id)).toMatchObject({ name: 'Support', members: [] });
    expect(await listTeams(testbed.deps, agent)).toHaveLength(1);
    expect((await getScheduleStatus(testbed.deps, agent, team.id)).open).toBe(true);
  });
});

const weekdays9to5 = {
  timezone: 'Europe/Berlin',
  weeklyHours: [
    { day: 'TUESDAY', start: '09:00', end: '17:00' },
    { day: 'MONDAY', start: '13:00', end: '17:00' },
    { day: 'MONDAY', start: '09:00', end: '12:00' },
  ],
  holidays: [{ date: '2025-12-25', name: 'Christmas' }, { date: '2025-06-03' }],
};

describe('team schedules', () => {
  const at = (iso: string) => ({ ...testbed.deps, now: () => new Date(iso) });

  it('is open around the clock until a schedule is put, then follows it', async () => {
    const admin = testbed.caller(newOrg());
    const { id: teamId } = await createTeam(testbed.deps, admin, { name: 'Support' });
    await fails(getSchedule(testbed.deps, admin, teamId), NOT_FOUND('Schedule'));
    expect(await getScheduleStatus(at('2025-06-02T20:00:00Z'), admin, teamId)).toEqual({
      open: true,
      now: '2025-06-02T20:00:00.000Z',
      nextChangeAt: null,
      timezone: 'UTC',
    });

    const stored = await putSchedule(testbed.deps, admin, { ...weekdays9to5, teamId });
    expect(stored.weeklyHours.map((w) => `${w.day.slice(0, 3)} ${w.start}-${w.end}`)).toEqual([
      'MON 09:00-12:00',
      'MON 13:00-17:00',
      'TUE 09:00-17:00',
    ]);
    expect(stored.holidays).toEqual([
      { date: '2025-06-03', name: null },
      { date: '2025-12-25', name: 'Christmas' },
    ]);
    expect(await getSchedule(testbed.deps, admin, teamId)).toEqual(stored);

    // Monday 2 June 2025, Berlin is UTC+2: 10:00 local is open until 12:00 local.
    expect(await getScheduleStatus(at('2025-06-02T08:00:00Z'), admin, teamId)).toEqual({
      open: true,
      now: '2025-06-02T08:00:00.000Z',
      nextChangeAt: '2025-06-02T10:00:00.000Z',
      timezone: 'Europe/Berlin',
    });
    // After Monday's hours: Tuesday is a holiday, so the next opening is Monday 9 June.
    expect(await getScheduleStatus(at('2025-06-02T16:00:00Z'), admin, teamId)).toMatchObject({
      open: false,
      nextChangeAt: '2025-06-09T07:00:00.000Z',
    });

    const replaced = await putSchedule(testbed.deps, admin, {
      teamId,
      timezone: 'UTC',
      weeklyHours: [],
      holidays: [],
    });
    expect(replaced).toMatchObject({ timezone: 'UTC', weeklyHours: [], holidays: [] });
    expect(await getSchedule(testbed.deps, admin, teamId)).toMatchObject({
      timezone: 'UTC',
      weeklyHours: [],
    });
  });

  it('refuses an invalid schedule with field paths and stores nothing', async () => {
    const admin = testbed.caller(newOrg());
    const { id: teamId } = await createTeam(testbed.deps, admin, { name: 'Support' });
    const input = {
      teamId,
      timezone: 'Mars/Olympus',
      weeklyHours: [
        { day: 'MONDAY', start: '09:00', end: '17:00' },
        { day: 'FUNDAY', start: '18:00', end: '17:00' },
      ],
      holidays: [{ date: '2025-02-30' }],
    };
    const error = await putSchedule(testbed.deps, admin, input).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid', code: 'VALIDATION_FAILED' });
    expect((error as { fields: { path: string }[] }).fields.map((f) => f.path)).toEqual([
      'timezone',
      'weeklyHours[1].day',
      'holidays[0].date',
    ]);
    await fails(getSchedule(testbed.deps, admin, teamId), NOT_FOUND('Schedule'));
  });
});

describe('team events and gRPC answers', () => {
  it('records one event per change, none for a refused or idle one', async () => {
    const orgId = newOrg();
    const admin = testbed.caller(orgId);
    const user = await makeUser(testbed.deps.db, { orgId });
    const team = await createTeam(testbed.deps, admin, { name: 'Support' });
    await fails(createTeam(testbed.deps, admin, { name: 'support' }), { code: 'TEAM_NAME_TAKEN' });
    await updateTeam(testbed.deps, admin, team.id, { name: 'Help' });
    const ref = { teamId: team.id, userId: user.id };
    await addTeamMember(testbed.deps, admin, ref);
    await updateTeamMember(testbed.deps, admin, { ...ref, role: 'LEAD' });
    await removeTeamMember(testbed.deps, admin, ref);
    await putSchedule(testbed.deps, admin, { ...weekdays9to5, teamId: team.id });
    await deactivateTeam(testbed.deps, admin, team.id);
    await deactivateTeam(testbed.deps, admin, team.id);

    const events = (await testbed.recordedEvents()).filter((e) => e.orgId === orgId);
    const E = DIRECTORY_EVENTS;
    expect(events.map((e) => e.type)).toEqual([
      E.teamCreated,
      E.teamUpdated,
      E.teamMemberAdded,
      E.teamMemberUpdated,
      E.teamMemberRemoved,
      E.teamScheduleUpdated,
      E.teamDeactivated,
    ]);
    const actorId = admin.userId;
    expect(events[1].data).toEqual({ teamId: team.id, name: 'Help', active: true, actorId });
    expect(events[3].data).toEqual({ ...ref, role: 'LEAD', actorId });
    expect(events[5].data).toMatchObject({ teamId: team.id, timezone: 'Europe/Berlin', actorId });
    expect(events[6].data).toEqual({ teamId: team.id, actorId });
  });

  it('encodes teams and schedules for gRPC', async () => {
    const orgId = newOrg();
    const admin = testbed.caller(orgId);
    const handlers = teamHandlers(testbed.deps);
    const user = await makeUser(testbed.deps.db, { orgId, name: 'Alice' });
    const team = await handlers.CreateTeam({ name: 'Support' }, admin);
    expect(team).toMatchObject({
      name: 'Support',
      memberCount: 0,
      members: [],
      createdAt: expect.any(String),
    });
    expect(team).not.toHaveProperty('description', null);
    const detail = await handlers.AddTeamMember({ teamId: team.id!, userId: user.id, role: 'LEAD' }, admin);
    expect(detail.members).toEqual([
      {
        userId: user.id,
        role: 'LEAD',
        name: 'Alice',
        email: user.email,
        addedAt: expect.stringMatching(/Z$/),
      },
    ]);
    const list = await handlers.ListTeams({ includeInactive: false }, admin);
    expect(list.data).toMatchObject([{ id: team.id, memberCount: 1, members: [] }]);

    const input = { teamId: team.id!, ...weekdays9to5 };
    const schedule = await handlers.PutSchedule(input, admin);
    expect(schedule.holidays).toEqual([
      { date: '2025-06-03', name: undefined },
      { date: '2025-12-25', name: 'Christmas' },
    ]);
    const status = await handlers.GetScheduleStatus({ id: team.id! }, admin);
    expect(status).toMatchObject({ timezone: 'Europe/Berlin', now: expect.any(String) });
    expect(status.nextChangeAt).toEqual(expect.any(String));
  });

  it('clears a description named in `clear`, and keeps it when the field is only absent', async () => {
    const admin = testbed.caller(newOrg());
    const handlers = teamHandlers(testbed.deps);
    const team = await handlers.CreateTeam({ name: 'Billing', description: 'Invoices' }, admin);

    const renamed = await handlers.UpdateTeam({ id: team.id!, name: 'Accounts', clear: [] }, admin);
    expect(renamed).toMatchObject({ name: 'Accounts', description: 'Invoices' });
    const cleared = await handlers.UpdateTeam({ id: team.id!, clear: ['description'] }, admin);
    expect(cleared.description).toBeUndefined();
    expect((await getTeam(testbed.deps, admin, team.id!)).description).toBeNull();
    await expect(handlers.UpdateTeam({ id: team.id!, clear: ['name'] }, admin)).rejects.toMatchObject({
      kind: 'invalid',
      fields: [{ path: 'clear', message: expect.any(String) }],
    });
  });
});
