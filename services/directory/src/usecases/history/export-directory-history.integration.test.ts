import {
  DIRECTORY_EVENTS,
  directoryEventSchemas,
  HISTORY_SERVICE_PRINCIPAL,
  type HistoryEventView,
} from '@inbox/contracts';
import {
  DomainError,
  encodeCursor,
  historyEventView,
  historyQuery,
  newId,
  serviceCaller,
  type CallerContext,
  type HistoryQuery,
} from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { users } from '../../db/schema';
import { historyHandlers } from '../../grpc/history.handlers';
import { createDirectoryTestbed } from '../../testing/testbed';
import { exportDirectoryHistory } from './export-directory-history';

const bed = openForTestFile(createDirectoryTestbed);
const rebuild = serviceCaller(HISTORY_SERVICE_PRINCIPAL, 0, 'history-test');

let lastOrg = 7000;
const newOrg = () => ++lastOrg;

const at = (iso: string) => new Date(`2026-03-${iso}Z`);
const CUTOFF = at('10T12:00:00.000');

type UserSeed = Partial<typeof users.$inferInsert> & { createdAt: Date };

async function makeUser(orgId: number, seed: UserSeed): Promise<string> {
  const id = newId();
  await bed.database.db.insert(users).values({
    id,
    orgId,
    email: `${id.slice(-12)}@example.test`,
    name: `User ${id.slice(-4)}`,
    role: 'AGENT',
    ...seed,
  });
  return id;
}

/** Every page of an export, followed to the end. */
async function exportAll(
  query: Omit<HistoryQuery, 'after'>,
): Promise<{ pages: number; events: HistoryEventView[] }> {
  const events: HistoryEventView[] = [];
  let after = '';
  let pages = 0;
  do {
    const page = await exportDirectoryHistory(bed.deps.db, { ...query, after });
    events.push(...page.events.map(historyEventView));
    after = page.next;
    pages++;
  } while (after);
  return { pages, events };
}

/** Each event's data as its live schema reads it (throws on any other shape). */
const parsed = (events: HistoryEventView[]) =>
  events.map((e) => ({
    ...e,
    data: directoryEventSchemas[e.type as keyof typeof directoryEventSchemas].parse(e.data),
  }));

const ofOrg = (events: HistoryEventView[], orgId: number) => events.filter((e) => e.orgId === orgId);

describe('ExportHistory (directory)', () => {
  it('tells each user created before the cutoff as the directory published it, facts after it left out', async () => {
    const orgId = newOrg();
    const online = await makeUser(orgId, {
      name: 'Ana',
      role: 'ADMIN',
      createdAt: at('01T09:00:00.000'),
      status: 'ONLINE',
      statusChangedAt: at('09T08:30:00.000'),
    });
    const deleted = await makeUser(orgId, {
      createdAt: at('02T09:00:00.000'),
      // A deletion writes OFFLINE over the status and keeps the old time: no status is told.
      status: 'OFFLINE',
      statusChangedAt: at('03T10:00:00.000'),
      deletedAt: at('04T10:00:00.000'),
    });
    const changedLater = await makeUser(orgId, {
      createdAt: at('03T09:00:00.000'),
      status: 'BUSY',
      statusChangedAt: at('10T12:00:00.000'),
    });
    const deletedLater = await makeUser(orgId, {
      createdAt: at('04T09:00:00.000'),
      deletedAt: at('11T09:00:00.000'),
    });
    const neverChanged = await makeUser(orgId, { createdAt: at('05T09:00:00.000') });
    await makeUser(orgId, { createdAt: CUTOFF, status: 'ONLINE', statusChangedAt: at('10T13:00:00.000') });

    const { events } = await exportAll({ before: CUTOFF, limit: 100 });
    const mine = parsed(ofOrg(events, orgId));

    const created = (userId: string, data: object, occurredAt: string) => ({
      id: `history:directory:user-created:${userId}`,
      type: DIRECTORY_EVENTS.userCreated,
      orgId,
      occurredAt,
      data: {
        userId,
        email: expect.any(String),
        name: expect.any(String),
        role: 'AGENT',
        actorId: null,
        ...data,
      },
    });
    const expected = [
      created(online, { name: 'Ana', role: 'ADMIN' }, '2026-03-01T09:00:00.000Z'),
      {
        id: `history:directory:user-status:${online}`,
        type: DIRECTORY_EVENTS.userStatusChanged,
        orgId,
        occurredAt: '2026-03-09T08:30:00.000Z',
        data: {
          userId: online,
          from: 'OFFLINE',
          to: 'ONLINE',
          changedAt: '2026-03-09T08:30:00.000Z',
          actorId: null,
        },
      },
      created(deleted, {}, '2026-03-02T09:00:00.000Z'),
      {
        id: `history:directory:user-deleted:${deleted}`,
        type: DIRECTORY_EVENTS.userDeleted,
        orgId,
        occurredAt: '2026-03-04T10:00:00.000Z',
        data: { userId: deleted, actorId: null },
      },
      created(changedLater, {}, '2026-03-03T09:00:00.000Z'),
      created(deletedLater, {}, '2026-03-04T09:00:00.000Z'),
      created(neverChanged, {}, '2026-03-05T09:00:00.000Z'),
    ];
    // Users in keyset order of id (ids are time-ordered, so creation order here).
    expect(mine).toEqual(expected);
  });

  it('tells a user whose status or deletion came after the cutoff as the cutoff saw them', async () => {
    const orgId = newOrg();
    // Set ONLINE before the cutoff, deleted after it: the deletion wrote OFFLINE over the status,
    // so neither is told (the status it had then is lost).
    const deletedAfter = await makeUser(orgId, {
      createdAt: at('02T09:00:00.000'),
      status: 'OFFLINE',
      statusChangedAt: at('03T09:00:00.000'),
      deletedAt: at('10T12:00:00.001'),
    });
    // Renamed and made ADMIN after the cutoff: told with the name and role it has now.
    const renamed = await makeUser(orgId, {
      createdAt: at('02T10:00:00.000'),
      name: 'Renamed later',
      role: 'ADMIN',
      status: 'BUSY',
      statusChangedAt: at('11T09:00:00.000'),
    });

    const { events } = await exportAll({ before: CUTOFF, limit: 100 });

    expect(parsed(ofOrg(events, orgId)).map((e) => [e.type, e.data])).toEqual([
      [DIRECTORY_EVENTS.userCreated, expect.objectContaining({ userId: deletedAfter, role: 'AGENT' })],
      [
        DIRECTORY_EVENTS.userCreated,
        expect.objectContaining({ userId: renamed, name: 'Renamed later', role: 'ADMIN' }),
      ],
    ]);
  });

  it('pages by users with an opaque cursor, in id order across organizations, with the same ids every time', async () => {
    const orgs = [newOrg(), newOrg()];
    for (let i = 0; i < 7; i++)
      await makeUser(orgs[i % 2], {
        createdAt: at('06T09:00:00.000'),
        status: 'AWAY',
        statusChangedAt: at('07T09:00:00.000'),
      });

    const whole = await exportAll({ before: CUTOFF, limit: 1000 });
    const paged = await exportAll({ before: CUTOFF, limit: 2 });
    const again = await exportAll({ before: CUTOFF, limit: 3 });

    expect(whole.pages).toBe(1);
    expect(paged.pages).toBeGreaterThan(4);
    expect(paged.events).toEqual(whole.events);
    expect(again.events).toEqual(whole.events);
    const userIds = whole.events
      .filter((e) => e.type === DIRECTORY_EVENTS.userCreated)
      .map((e) => e.data.userId as string);
    expect(userIds).toEqual([...userIds].sort());
    expect(new Set(whole.events.map((e) => e.id)).size).toBe(whole.events.length);
    // Four users in the first organization, three in the second: created and status each.
    expect(orgs.map((orgId) => ofOrg(whole.events, orgId).length)).toEqual([8, 6]);
  });

  it('answers only the analytics rebuild, and refuses a request it cannot read', async () => {
    const handler = historyHandlers(bed.deps).ExportHistory;
    const request = { before: CUTOFF.toISOString(), after: '', limit: 10 };
    const refused = (caller: CallerContext) =>
      handler(request, caller).then(
        () => 'answered',
        (err: DomainError) => err.kind,
      );

    expect(await refused(bed.caller(newOrg(), 'ADMIN'))).toBe('forbidden');
    expect(await refused(serviceCaller('campaigns', 0, 'r'))).toBe('forbidden');
    expect(await refused(rebuild)).toBe('answered');
    expect(() => historyQuery({ before: 'yesterday', after: '', limit: 0 })).toThrow(DomainError);
    await expect(
      exportDirectoryHistory(bed.deps.db, { before: CUTOFF, after: 'not-a-cursor!', limit: 5 }),
    ).rejects.toMatchObject({
      kind: 'invalid',
    });
  });

  it('refuses a cursor of the wrong shape rather than starting again from the first page', async () => {
    const user = await makeUser(newOrg(), { createdAt: at('01T09:00:00.000') });
    const page = (after: string) => exportDirectoryHistory(bed.deps.db, { before: CUTOFF, after, limit: 5 });
    for (const parts of [[null], [42], ['not-an-id'], [user, null]])
      await expect(page(encodeCursor(parts))).rejects.toMatchObject({
        kind: 'invalid',
        fields: [{ path: 'after', message: expect.any(String) }],
      });
    await expect(page(encodeCursor([user]))).resolves.toMatchObject({ events: expect.any(Array) });
  });
});
