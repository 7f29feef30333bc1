import { newId } from '@inbox/platform';
import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { users } from '../../db/schema';
import { apiKeyHandlers } from '../../grpc/api-keys.handlers';
import { createDirectoryTestbed, type DirectoryTestbed } from '../../testing/testbed';
import { updateUser } from '../users/update-user';

let tb: DirectoryTestbed;
let api: ReturnType<typeof apiKeyHandlers>;
let nextOrg = 3000;

beforeAll(async () => {
  tb = await createDirectoryTestbed();
  api = apiKeyHandlers(tb.deps);
});
afterAll(() => tb?.close());

async function addUser(orgId: number, role: 'ADMIN' | 'AGENT') {
  const id = newId();
  await tb.deps.db.insert(users).values({ id, orgId, email: `${id}@example.test`, name: 'User', role });
  return { id, caller: tb.caller(orgId, role, id) };
}

/** An organization with two Admins (so one can be demoted) and an ADMIN key created by the first. */
async function organizationWithAdminKey() {
  const orgId = nextOrg++;
  const creator = await addUser(orgId, 'ADMIN');
  const other = await addUser(orgId, 'ADMIN');
  const key = await api.CreateApiKey({ name: 'Integration', role: 'ADMIN' }, creator.caller);
  return { orgId, creator, other, key };
}

describe('effective role of an API key', () => {
  it("follows its creator's current role down and back up, never above its own", async () => {
    const { creator, other, key } = await organizationWithAdminKey();
    const agentKey = await api.CreateApiKey({ name: 'Agent key', role: 'AGENT' }, creator.caller);
    const roleOf = async (k: string) => (await api.AuthenticateApiKey({ key: k })).role;
    expect(await roleOf(key.key!)).toBe('ADMIN');

    await updateUser(tb.deps, other.caller, creator.id, { role: 'AGENT' });
    expect(await roleOf(key.key!)).toBe('AGENT');
    // The key's own role is still ADMIN: promoting the creator again restores it.
    expect((await api.ListApiKeys({}, other.caller)).data.find((k) => k.id === key.id)?.role).toBe('ADMIN');

    await updateUser(tb.deps, other.caller, creator.id, { role: 'ADMIN' });
    expect(await roleOf(key.key!)).toBe('ADMIN');
    expect(await roleOf(agentKey.key!)).toBe('AGENT');
  });

  it('announces every key of a user whose role changed, so gateways drop them by key id', async () => {
    const { orgId, creator, other, key } = await organizationWithAdminKey();
    const second = await api.CreateApiKey({ name: 'Second' }, creator.caller);
    await api.CreateApiKey({ name: "Other's key" }, other.caller);
    await updateUser(tb.deps, other.caller, creator.id, { name: 'Renamed only' });
    await updateUser(tb.deps, other.caller, creator.id, { role: 'AGENT' });
    const keyEvents = (await tb.recordedEvents()).filter(
      (e) => e.orgId === orgId && e.type === DIRECTORY_EVENTS.apiKeyUpdated,
    );
    expect(keyEvents.map((e) => (e.data as { apiKeyId: string }).apiKeyId).sort()).toEqual(
      [key.id, second.id].sort(),
    );
  });
});
