import { eq } from 'drizzle-orm';
import { BOT_SERVICE_PRINCIPAL } from '@inbox/contracts';
import { newId, serviceCaller } from '@inbox/platform';
import { users } from '../../db/schema';
import { teamHandlers } from '../../grpc/teams.handlers';
import { createDirectoryTestbed, type DirectoryTestbed } from '../../testing/testbed';
import { addTeamMember } from './add-team-member';
import { createTeam } from './create-team';
import { deactivateTeam } from './deactivate-team';
import { getRoutingTeam } from './get-routing-team';
import { getScheduleStatus } from './get-schedule-status';
import { putSchedule } from './put-schedule';

let testbed: DirectoryTestbed;
beforeAll(async () => {
  testbed = await createDirectoryTestbed();
});
afterAll(() => testbed?.close());

let lastOrg = 5000;
const newOrg = () => ++lastOrg;
const bot = (orgId: number) => serviceCaller(BOT_SERVICE_PRINCIPAL, orgId, newId());

async function makeUser(orgId: number, status: string) {
  const id = newId();
  await testbed.deps.db
    .insert(users)
    .values({ id, orgId, email: `${id}@example.test`, name: `User ${id}`, role: 'AGENT', status });
  return id;
}

/** A team with an ONLINE, an AWAY and a deleted member, and a Berlin weekday schedule. */
async function supportTeam(orgId: number) {
  const admin = testbed.caller(orgId);
  const team = await createTeam(testbed.deps, admin, { name: 'Support' });
  const online = await makeUser(orgId, 'ONLINE');
  const away = await makeUser(orgId, 'AWAY');
  const gone = await makeUser(orgId, 'ONLINE');
  for (const userId of [online, away, gone])
    await addTeamMember(testbed.deps, admin, { teamId: team.id, userId });
  await testbed.deps.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone));
  await putSchedule(testbed.deps, admin, {
    teamId: team.id,
    timezone: 'Europe/Berlin',
    weeklyHours: [{ day: 'MONDAY', start: '09:00', end: '17:00' }],
    holidays: [],
  });
  return { admin, team, online, away };
}

describe('GetRoutingTeam', () => {
  it('answers the bot the live members with their status and the schedule status GetScheduleStatus gives', async () => {
    const orgId = newOrg();
    const { admin, team, online, away } = await supportTeam(orgId);
    const at = { ...testbed.deps, now: () => new Date('2025-06-02T08:00:00Z') };
    const routing = await getRoutingTeam(at, bot(orgId), team.id);
    expect(routing).toEqual({
      id: team.id,
      active: true,
      members: [
        { userId: online, status: 'ONLINE' },
        { userId: away, status: 'AWAY' },
      ].sort((a, b) => a.userId.localeCompare(b.userId)),
      schedule: await getScheduleStatus(at, admin, team.id),
    });
    expect(routing.schedule).toMatchObject({ open: true, timezone: 'Europe/Berlin' });

    const encoded = await teamHandlers(at).GetRoutingTeam({ id: team.id }, bot(orgId));
    expect(encoded.schedule).toEqual({
      open: true,
      now: '2025-06-02T08:00:00.000Z',
      nextChangeAt: '2025-06-02T15:00:00.000Z',
      timezone: 'Europe/Berlin',
    });
  });

  it('says when a team no longer takes conversations, and is open around the clock without a schedule', async () => {
    const orgId = newOrg();
    const admin = testbed.caller(orgId);
    const team = await createTeam(testbed.deps, admin, { name: 'Sales' });
    await deactivateTeam(testbed.deps, admin, team.id);
    expect(await getRoutingTeam(testbed.deps, bot(orgId), team.id)).toMatchObject({
      active: false,
      members: [],
      schedule: { open: true, nextChangeAt: null, timezone: 'UTC' },
    });
  });

  it('finds no team of another organization, nor an unknown one', async () => {
    const { team } = await supportTeam(newOrg());
    const other = newOrg();
    await expect(getRoutingTeam(testbed.deps, bot(other), team.id)).rejects.toMatchObject({
      kind: 'not_found',
    });
    await expect(getRoutingTeam(testbed.deps, bot(other), newId())).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('refuses every caller but the bot acting for an organization', async () => {
    const orgId = newOrg();
    const { team } = await supportTeam(orgId);
    const refused = [
      testbed.caller(orgId, 'ADMIN'),
      testbed.caller(orgId, 'AGENT'),
      serviceCaller('campaigns', orgId, newId()),
      serviceCaller(BOT_SERVICE_PRINCIPAL, 0, newId()),
      { ...bot(orgId), kind: 'USER' as const, role: 'ADMIN' as const },
    ];
    for (const caller of refused)
      await expect(getRoutingTeam(testbed.deps, caller, team.id)).rejects.toMatchObject({
        kind: 'forbidden',
      });
  });
});
