import { sql } from 'drizzle-orm';
import { newId, queryRows, type CallerContext } from '@inbox/platform';
import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { sha256 } from '../../auth/secrets';
import { users } from '../../db/schema';
import { apiKeyHandlers } from '../../grpc/api-keys.handlers';
import { createDirectoryTestbed, type DirectoryTestbed } from '../../testing/testbed';

let tb: DirectoryTestbed;
let api: ReturnType<typeof apiKeyHandlers>;
let nextOrg = 1000;
const HOUR = 3_600_000;
const anonymous: CallerContext = {
  orgId: 0,
  kind: 'ANONYMOUS',
  principalId: '',
  role: null,
  userId: null,
  requestId: 'r',
};

beforeAll(async () => {
  tb = await createDirectoryTestbed();
  api = apiKeyHandlers(tb.deps);
});
afterAll(() => tb?.close());

/** A user row of a fresh organization (or of `orgId`), and a caller acting as that user. */
async function makeUser(opts: { orgId?: number; role?: 'ADMIN' | 'AGENT' } = {}) {
  const orgId = opts.orgId ?? nextOrg++;
  const role = opts.role ?? 'ADMIN';
  const id = newId();
  await tb.deps.db.insert(users).values({ id, orgId, email: `${id}@example.test`, name: 'Test user', role });
  return { id, orgId, caller: tb.caller(orgId, role, id) };
}

const create = (caller: CallerContext, req: { name?: string; role?: string; expiresAt?: string } = {}) =>
  api.CreateApiKey({ name: 'CRM sync', ...req }, caller);
type Patch = {
  name?: string;
  role?: string;
  expiresAt?: string;
  clear?: string[];
  clearExpiry?: boolean;
  enabled?: boolean;
};
const update = (caller: CallerContext, id: string, patch: Patch) =>
  api.UpdateApiKey({ id, clear: [], ...patch }, caller);
const authenticate = (key: string, deps = tb.deps) => apiKeyHandlers(deps).AuthenticateApiKey({ key });
const refused = { kind: 'unauthenticated', message: 'Invalid API key' };
const rawRow = async (id: string) =>
  (
    await queryRows<Record<string, unknown>>(
      tb.database.db,
      sql`select * from directory.api_keys where id = ${id}`,
    )
  )[0];

describe('API keys', () => {
  it('answers the full key once; list and update never show it', async () => {
    const admin = await makeUser();
    const created = await create(admin.caller, { name: '  CRM sync  ' });
    expect(created).toMatchObject({ name: 'CRM sync', role: 'AGENT', enabled: true, createdBy: admin.id });
    expect(created.key).toMatch(new RegExp(`^${created.prefix}_.{20,}$`));
    const listed = await api.ListApiKeys({}, admin.caller);
    expect(listed.data.map((k) => k.id)).toEqual([created.id]);
    const updated = await update(admin.caller, created.id!, { name: 'Renamed' });
    for (const answer of [listed, updated]) expect(JSON.stringify(answer)).not.toContain(created.key);
    expect(listed.data[0]).not.toHaveProperty('key');
    expect(updated).toMatchObject({ name: 'Renamed', prefix: created.prefix });
  });

  it('stores only the SHA-256 of the key', async () => {
    const { key, id, prefix } = await create((await makeUser()).caller);
    const row = await rawRow(id!);
    expect(row.key_hash).toBe(sha256(key!));
    const secret = key!.slice(prefix!.length + 1);
    expect(secret.length).toBeGreaterThan(20);
    for (const value of Object.values(row)) expect(String(value)).not.toContain(secret);
  });

  it('authenticates a key as its creator with its role and expiry', async () => {
    const admin = await makeUser();
    const expiresAt = new Date(Date.now() + HOUR).toISOString();
    const { key, id } = await create(admin.caller, { role: 'ADMIN', expiresAt });
    await expect(authenticate(key!)).resolves.toEqual({
      orgId: admin.orgId,
      kind: 'API_KEY',
      id,
      role: 'ADMIN',
      userId: admin.id,
      expiresAt,
    });
    await expect(authenticate(`${key}x`)).rejects.toMatchObject(refused);
    await expect(authenticate('')).rejects.toMatchObject(refused);
  });

  it('refuses a disabled key until it is enabled again', async () => {
    const admin = await makeUser();
    const { key, id } = await create(admin.caller);
    expect(await update(admin.caller, id!, { enabled: false })).toMatchObject({ enabled: false });
    await expect(authenticate(key!)).rejects.toMatchObject(refused);
    await update(admin.caller, id!, { enabled: true });
    await expect(authenticate(key!)).resolves.toMatchObject({ id });
  });

  it('refuses a key from the moment it expires, and accepts it again once the expiry is cleared', async () => {
    const admin = await makeUser();
    const expiresAt = new Date(Date.now() + HOUR);
    const { key, id } = await create(admin.caller, { expiresAt: expiresAt.toISOString() });
    const at = (ms: number) => ({ ...tb.deps, now: () => new Date(ms) });
    await expect(authenticate(key!, at(expiresAt.getTime() - 1))).resolves.toMatchObject({ id });
    await expect(authenticate(key!, at(expiresAt.getTime()))).rejects.toMatchObject(refused);
    expect((await update(admin.caller, id!, { clear: ['expires_at'] })).expiresAt).toBeUndefined();
    await expect(authenticate(key!, at(expiresAt.getTime() + HOUR))).resolves.toMatchObject({ id });
    // The deprecated flag still clears it, for a gateway of the previous release.
    await update(admin.caller, id!, { expiresAt: expiresAt.toISOString() });
    expect((await update(admin.caller, id!, { clearExpiry: true })).expiresAt).toBeUndefined();
    await expect(update(admin.caller, id!, { clear: ['name'] })).rejects.toMatchObject({
      kind: 'invalid',
      fields: [{ path: 'clear', message: expect.any(String) }],
    });
  });

  it('refuses a deleted key, and a key whose creator was deleted', async () => {
    const admin = await makeUser();
    const other = await makeUser({ orgId: admin.orgId });
    const deleted = await create(admin.caller);
    const orphaned = await create(other.caller);
    await api.DeleteApiKey({ id: deleted.id! }, admin.caller);
    await expect(authenticate(deleted.key!)).rejects.toMatchObject(refused);
    await expect(authenticate(orphaned.key!)).resolves.toMatchObject({ userId: other.id });
    await tb.deps.db.execute(sql`update directory.users set deleted_at = now() where id = ${other.id}`);
    await expect(authenticate(orphaned.key!)).rejects.toMatchObject(refused);
  });

  it('checks the name, the role and the expiry', async () => {
    const { caller } = await makeUser();
    const failsOn = (path: string) => ({
      kind: 'invalid',
      code: 'VALIDATION_FAILED',
      fields: [expect.objectContaining({ path })],
    });
    const past = new Date(Date.now() - 1000).toISOString();
    await expect(create(caller, { expiresAt: past })).rejects.toMatchObject(failsOn('expiresAt'));
    await expect(create(caller, { expiresAt: 'next week' })).rejects.toMatchObject(failsOn('expiresAt'));
    await expect(create(caller, { name: '   ' })).rejects.toMatchObject(failsOn('name'));
    await expect(create(caller, { name: 'x'.repeat(101) })).rejects.toMatchObject(failsOn('name'));
    await expect(create(caller, { role: 'OWNER' })).rejects.toMatchObject(failsOn('role'));
    const { id } = await create(caller, { name: 'x'.repeat(100) });
    await expect(update(caller, id!, { expiresAt: past })).rejects.toMatchObject(failsOn('expiresAt'));
    expect((await api.ListApiKeys({}, caller)).data).toHaveLength(1);
  });

  it("keeps each organization's keys to itself", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const { id, key } = await create(b.caller, { name: 'B key' });
    const notFound = { kind: 'not_found', code: 'NOT_FOUND' };
    expect((await api.ListApiKeys({}, a.caller)).data).toEqual([]);
    await expect(update(a.caller, id!, { name: 'Hijacked', enabled: false })).rejects.toMatchObject(notFound);
    await expect(api.DeleteApiKey({ id: id! }, a.caller)).rejects.toMatchObject(notFound);
    expect((await api.ListApiKeys({}, b.caller)).data).toEqual([
      expect.objectContaining({ id, name: 'B key', enabled: true }),
    ]);
    await expect(authenticate(key!)).resolves.toMatchObject({ orgId: b.orgId });
  });

  it('refuses agents and callers without an organization', async () => {
    const admin = await makeUser();
    const agent = await makeUser({ orgId: admin.orgId, role: 'AGENT' });
    const { id } = await create(admin.caller);
    const forbidden = { kind: 'forbidden' };
    await expect(api.ListApiKeys({}, agent.caller)).rejects.toMatchObject(forbidden);
    await expect(create(agent.caller)).rejects.toMatchObject(forbidden);
    await expect(update(agent.caller, id!, { role: 'ADMIN' })).rejects.toMatchObject(forbidden);
    await expect(api.DeleteApiKey({ id: id! }, agent.caller)).rejects.toMatchObject(forbidden);
    await expect(create(anonymous)).rejects.toMatchObject(forbidden);
    expect((await api.ListApiKeys({}, admin.caller)).data).toEqual([
      expect.objectContaining({ id, role: 'AGENT' }),
    ]);
  });

  it('moves lastUsedAt forward only', async () => {
    const { caller } = await makeUser();
    const { id } = await create(caller);
    const lastUsed = async () => (await api.ListApiKeys({}, caller)).data[0].lastUsedAt;
    const base = Date.now();
    const t = (minutesAgo: number) => new Date(base - minutesAgo * 60_000).toISOString();
    const record = (...usages: Array<{ keyId: string; lastUsedAt: string }>) =>
      api.RecordApiKeyUsage({ usages });
    expect(await lastUsed()).toBeUndefined();
    await record({ keyId: id!, lastUsedAt: t(10) }, { keyId: newId(), lastUsedAt: t(1) });
    expect(await lastUsed()).toBe(t(10));
    await record({ keyId: id!, lastUsedAt: t(20) });
    expect(await lastUsed()).toBe(t(10));
    await record({ keyId: id!, lastUsedAt: t(5) }, { keyId: id!, lastUsedAt: t(30) });
    expect(await lastUsed()).toBe(t(5));
    await record({ keyId: id!, lastUsedAt: t(-60) }); // a gateway clock an hour fast
    expect(Date.parse((await lastUsed())!)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse((await lastUsed())!)).toBeGreaterThan(Date.parse(t(5)));
  });

  it('records created, updated and deleted events for the gateway', async () => {
    const admin = await makeUser();
    const { id, key } = await create(admin.caller, { role: 'ADMIN' });
    await update(admin.caller, id!, { enabled: false });
    await api.RecordApiKeyUsage({ usages: [{ keyId: id!, lastUsedAt: new Date().toISOString() }] });
    await authenticate(key!).catch(() => undefined);
    await api.DeleteApiKey({ id: id! }, admin.caller);
    const events = (await tb.recordedEvents()).filter((e) => e.orgId === admin.orgId);
    expect(events).toEqual(
      [
        {
          type: DIRECTORY_EVENTS.apiKeyCreated,
          orgId: admin.orgId,
          data: { apiKeyId: id, role: 'ADMIN', actorId: admin.id },
        },
        {
          type: DIRECTORY_EVENTS.apiKeyUpdated,
          orgId: admin.orgId,
          data: { apiKeyId: id, actorId: admin.id },
        },
        {
          type: DIRECTORY_EVENTS.apiKeyDeleted,
          orgId: admin.orgId,
          data: { apiKeyId: id, actorId: admin.id },
        },
      ].map((e) => expect.objectContaining(e)),
    );
  });
});
