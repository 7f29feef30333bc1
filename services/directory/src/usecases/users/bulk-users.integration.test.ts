import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { newId, type CallerContext } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema';
import { createDirectoryTestbed } from '../../testing/testbed';
import { bulkUsers, type BulkSelection } from './bulk-users';

const testbed = openForTestFile(createDirectoryTestbed);

// Each test works in its own organization, so tests cannot see each other's rows or events.
let lastOrg = 5000;
const newOrg = () => ++lastOrg;

/** Users inserted in one statement: a bulk test needs hundreds. */
async function makeUsers(orgId: number, count: number, role = 'AGENT'): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => {
    const id = newId();
    return { id, orgId, email: `u${i}.${id.slice(-8)}@example.test`, name: `User ${i}`, role };
  });
  await testbed.database.db.insert(users).values(rows);
  return rows.map((r) => r.id);
}

const activeCount = async (orgId: number) =>
  (
    await testbed.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.orgId, orgId), isNull(users.deletedAt)))
  ).length;

const bulk = (caller: CallerContext, selection: Partial<BulkSelection>) =>
  bulkUsers(testbed.deps, caller, { action: 'delete', mode: 'ids', ids: [], ...selection });

describe('bulk users', () => {
  it('deletes each user on its own, reports each refusal, and records one event per deletion', async () => {
    const orgId = newOrg();
    const [me] = await makeUsers(orgId, 1, 'ADMIN');
    const [a, b] = await makeUsers(orgId, 2);
    const [foreign] = await makeUsers(newOrg(), 1);
    const admin = testbed.caller(orgId, 'ADMIN', me);

    const outcome = await bulk(admin, { ids: [a, me, 'missing', b, foreign, a] });

    expect(outcome).toEqual({
      succeeded: [a, b],
      failed: [
        { id: me, code: 'CANNOT_DELETE_SELF', message: expect.any(String) },
        { id: 'missing', code: 'NOT_FOUND', message: expect.any(String) },
        { id: foreign, code: 'NOT_FOUND', message: expect.any(String) },
      ],
    });
    expect(await activeCount(orgId)).toBe(1);
    const deleted = (await testbed.recordedEvents())
      .filter((e) => e.orgId === orgId && e.type === DIRECTORY_EVENTS.userDeleted)
      .map((e) => e.data.userId);
    expect(deleted).toEqual([a, b]);
  });

  it('refuses more than 500 users in mode all before deleting any, and takes 500', async () => {
    const orgId = newOrg();
    const [me] = await makeUsers(orgId, 1, 'ADMIN');
    await makeUsers(orgId, 500);
    const admin = testbed.caller(orgId, 'ADMIN', me);

    await expect(bulk(admin, { mode: 'all' })).rejects.toMatchObject({
      kind: 'invalid',
      fields: [{ path: 'selection', message: expect.any(String) }],
    });
    expect(await activeCount(orgId)).toBe(501);

    // The filter narrows the selection to the 500 agents: allowed.
    const outcome = await bulk(admin, { mode: 'all', filter: { role: 'AGENT' } });
    expect(outcome.succeeded).toHaveLength(500);
    expect(outcome.failed).toEqual([]);
    expect(await activeCount(orgId)).toBe(1);
  });

  it('refuses an unknown action, an empty or oversized list of ids, and an Agent', async () => {
    const orgId = newOrg();
    const [me] = await makeUsers(orgId, 1, 'ADMIN');
    const [a] = await makeUsers(orgId, 1);
    const admin = testbed.caller(orgId, 'ADMIN', me);
    const invalid = (path: string) => ({ kind: 'invalid', fields: [expect.objectContaining({ path })] });

    await expect(bulk(admin, { action: 'archive', ids: [a] })).rejects.toMatchObject(invalid('action'));
    await expect(bulk(admin, { ids: [] })).rejects.toMatchObject(invalid('selection.ids'));
    await expect(bulk(admin, { ids: Array.from({ length: 501 }, () => a) })).rejects.toMatchObject(
      invalid('selection'),
    );
    await expect(bulk(testbed.caller(orgId, 'AGENT', a), { ids: [me] })).rejects.toMatchObject({
      kind: 'forbidden',
    });
    expect(await activeCount(orgId)).toBe(2);
  });
});
