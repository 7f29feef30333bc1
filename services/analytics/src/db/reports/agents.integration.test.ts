import { agentsReportSchema, type AgentsReport } from '@inbox/contracts';
import { openForTestFile } from '@inbox/platform/testing';
import type { ResolvedQuery } from '../../reports/query';
import { createAnalyticsTestbed } from '../../testing/testbed';
import { assignments, conversationCycles, messageSlots, userStatusChanges, users } from '../schema';
import { agentsReport } from './agents';

const testbed = openForTestFile(createAnalyticsTestbed);

const at = (iso: string) => new Date(`2025-03-${iso}Z`);
const FROM = at('10T00:00:00');
const TO = at('11T00:00:00');
const NOW = at('10T18:00:00');

function query(from = FROM, to = TO): ResolvedQuery {
  const span = to.getTime() - from.getTime();
  return {
    from,
    to,
    timezone: 'UTC',
    bucket: 'hour',
    previous: { from: new Date(from.getTime() - span), to: from },
    force: false,
    excludeIncomplete: false,
  };
}

/** The report as the service would answer it (envelope added), parsed with the contract's schema. */
async function report(orgId: number, q = query(), now = NOW): Promise<AgentsReport['agents']> {
  const body = await agentsReport(testbed.deps.db, orgId, q, now);
  const parsed = agentsReportSchema.parse({
    ...body,
    range: { from: q.from.toISOString(), to: q.to.toISOString(), timezone: q.timezone, bucket: q.bucket },
    previous: { from: q.previous.from.toISOString(), to: q.previous.to.toISOString() },
    generatedAt: now.toISOString(),
    cached: false,
  });
  return parsed.agents;
}

let seq = 0;
const eventId = () => `evt-${++seq}`;

function cycle(
  orgId: number,
  conversationId: string,
  c: {
    seq?: number;
    waitingSince?: string;
    firstResponseAt?: string;
    firstResponderId?: string;
    resolvedAt?: string;
    resolvedBy?: string;
  },
) {
  const d = (v?: string) => (v ? at(v) : null);
  return {
    conversationId,
    seq: c.seq ?? 0,
    orgId,
    startedAt: at('09T00:00:00'),
    peopleSince: at('09T00:00:00'),
    waitingSince: d(c.waitingSince),
    firstResponseAt: d(c.firstResponseAt),
    firstResponderId: c.firstResponderId ?? null,
    resolvedAt: d(c.resolvedAt),
    resolvedBy: c.resolvedBy ?? null,
  };
}

const status = (orgId: number, userId: string, from: string, to: string, when: string) => ({
  eventId: eventId(),
  orgId,
  userId,
  from,
  to,
  at: at(when),
});

const ORG = 1;
const OTHER = 2;

beforeAll(async () => {
  const db = testbed.deps.db;
  await db.insert(users).values([
    { id: 'u-ana', orgId: ORG, name: 'Ana', role: 'AGENT', status: 'OFFLINE', deleted: false },
    { id: 'u-bob', orgId: ORG, name: 'Bob', role: 'ADMIN', status: 'AWAY', deleted: false },
    { id: 'u-zed', orgId: ORG, name: 'Zed', role: 'AGENT', status: 'BUSY', deleted: true },
    { id: 'u-gone', orgId: ORG, name: 'Gone', role: 'AGENT', status: 'ONLINE', deleted: true },
    { id: 'u-x', orgId: OTHER, name: 'Xavier', role: 'AGENT', status: 'ONLINE', deleted: false },
  ]);
  const assign = (orgId: number, userId: string, when: string) => ({
    eventId: eventId(),
    orgId,
    conversationId: `conv-${seq}`,
    userId,
    at: at(when),
  });
  await db.insert(assignments).values([
    assign(ORG, 'u-ana', '10T08:00:00'),
    assign(ORG, 'u-ana', '10T23:59:59'),
    assign(ORG, 'u-ana', '09T23:59:59'), // before the range
    assign(ORG, 'u-ana', '11T00:00:00'), // at `to`: outside [from, to)
    assign(ORG, 'u-ghost', '10T12:00:00'), // a user the directory never announced
    assign(OTHER, 'u-x', '10T12:00:00'),
    assign(OTHER, 'u-ana', '10T12:00:00'), // same id in another organization
  ]);
  await db.insert(conversationCycles).values([
    // Ana: first response 120 s, resolved by her 3,480 s after it.
    cycle(ORG, 'c1', {
      waitingSince: '10T09:00:00',
      firstResponseAt: '10T09:02:00',
      firstResponderId: 'u-ana',
      resolvedAt: '10T10:00:00',
      resolvedBy: 'u-ana',
    }),
    // Ana answers (600 s); Zed, since deleted, resolves 3,000 s after that answer.
    cycle(ORG, 'c2', {
      waitingSince: '10T11:00:00',
      firstResponseAt: '10T11:10:00',
      firstResponderId: 'u-ana',
      resolvedAt: '10T12:00:00',
      resolvedBy: 'u-zed',
    }),
    // The reopened cycle of c2: Ana answers again (60 s), still open.
    cycle(ORG, 'c2', {
      seq: 1,
      waitingSince: '10T13:00:00',
      firstResponseAt: '10T13:01:00',
      firstResponderId: 'u-ana',
    }),
    // Answered before the range, resolved in it: resolved, handle time 7,200 s, not handled.
    cycle(ORG, 'c3', {
      waitingSince: '09T22:00:00',
      firstResponseAt: '09T23:00:00',
      firstResponderId: 'u-ana',
      resolvedAt: '10T01:00:00',
      resolvedBy: 'u-ana',
    }),
    // Resolved with no first response: resolved, no handle time.
    cycle(ORG, 'c4', { waitingSince: '10T02:00:00', resolvedAt: '10T03:00:00', resolvedBy: 'u-ana' }),
    // Contained by the bot: nobody's.
    cycle(ORG, 'c5', { resolvedAt: '10T04:00:00' }),
    // First response at `to`: outside.
    cycle(ORG, 'c6', {
      waitingSince: '10T23:00:00',
      firstResponseAt: '11T00:00:00',
      firstResponderId: 'u-ana',
    }),
    cycle(OTHER, 'c7', {
      waitingSince: '10T09:00:00',
      firstResponseAt: '10T09:00:30',
      firstResponderId: 'u-x',
      resolvedAt: '10T09:30:00',
      resolvedBy: 'u-x',
    }),
  ]);
  const slot = (
    orgId: number,
    when: string,
    direction: string,
    sender: string,
    userId: string,
    count: number,
  ) => ({
    orgId,
    slot: at(when),
    direction,
    sender,
    userId,
    count,
  });
  await db.insert(messageSlots).values([
    slot(ORG, '10T09:00:00', 'outbound', 'agent', 'u-ana', 3),
    slot(ORG, '10T10:15:00', 'outbound', 'agent', 'u-ana', 2),
    slot(ORG, '09T23:45:00', 'outbound', 'agent', 'u-ana', 5), // before the range
    slot(ORG, '10T09:00:00', 'inbound', 'customer', '', 7),
    slot(ORG, '10T09:00:00', 'outbound', 'bot', '', 4),
    slot(ORG, '10T09:00:00', 'outbound', 'campaign', '', 9),
    slot(OTHER, '10T09:00:00', 'outbound', 'agent', 'u-x', 6),
    slot(OTHER, '10T09:00:00', 'outbound', 'agent', 'u-ana', 6),
  ]);
  await db
    .insert(userStatusChanges)
    .values([
      status(ORG, 'u-ana', 'OFFLINE', 'ONLINE', '09T20:00:00'),
      status(ORG, 'u-ana', 'ONLINE', 'AWAY', '10T08:00:00'),
      status(ORG, 'u-ana', 'AWAY', 'ONLINE', '10T09:00:00'),
      status(ORG, 'u-ana', 'ONLINE', 'OFFLINE', '10T20:00:00'),
      status(ORG, 'u-zed', 'OFFLINE', 'BUSY', '10T10:00:00'),
      status(OTHER, 'u-ana', 'OFFLINE', 'BUSY', '10T00:00:00'),
    ]);
});

describe('agents report', () => {
  it('gives every figure per agent: non-deleted users, and anyone seen, named first', async () => {
    const agents = await report(ORG);
    expect(agents.map((a) => a.userId)).toEqual(['u-ana', 'u-bob', 'u-zed', 'u-ghost']);
    const [ana, bob, zed, ghost] = agents;
    expect(ana).toEqual({
      userId: 'u-ana',
      name: 'Ana',
      assigned: 2,
      handled: 3,
      resolved: 3,
      messagesSent: 5,
      // 60, 120, 600: p90 = 120 + 0.8 × 480.
      firstResponse: { count: 3, average: 260, median: 120, p90: 504 },
      // 3,480 and 7,200: p90 = 3,480 + 0.9 × 3,720.
      handleTime: { count: 2, average: 5340, median: 5340, p90: 6828 },
      // Online from the change before the range, away 08:00–09:00, online again until now (18:00).
      timeInStatus: { ONLINE: 17 * 3600, AWAY: 3600, BUSY: 0, OFFLINE: 0 },
      currentStatus: 'OFFLINE',
    });
    // No activity at all: listed with zeros, offline the whole time (no change known).
    expect(bob).toEqual({
      userId: 'u-bob',
      name: 'Bob',
      assigned: 0,
      handled: 0,
      resolved: 0,
      messagesSent: 0,
      firstResponse: { count: 0, average: null, median: null, p90: null },
      handleTime: { count: 0, average: null, median: null, p90: null },
      timeInStatus: { ONLINE: 0, AWAY: 0, BUSY: 0, OFFLINE: 18 * 3600 },
      currentStatus: 'AWAY',
    });
    // Deleted, yet seen in the range: kept with the name the directory gave.
    expect(zed).toMatchObject({
      name: 'Zed',
      assigned: 0,
      handled: 0,
      resolved: 1,
      handleTime: { count: 1, average: 3000, median: 3000, p90: 3000 },
      timeInStatus: { ONLINE: 0, AWAY: 0, BUSY: 8 * 3600, OFFLINE: 10 * 3600 },
      currentStatus: 'BUSY',
    });
    // Unknown to the directory (never announced, never changed status): no name, no status.
    expect(ghost).toMatchObject({
      name: null,
      assigned: 1,
      timeInStatus: { ONLINE: 0, AWAY: 0, BUSY: 0, OFFLINE: 18 * 3600 },
      currentStatus: null,
    });
  });

  it('counts status time up to `to` once it is past', async () => {
    const [ana, bob] = await report(ORG, query(), at('12T00:00:00'));
    expect(ana.timeInStatus).toEqual({ ONLINE: 19 * 3600, AWAY: 3600, BUSY: 0, OFFLINE: 4 * 3600 });
    expect(bob.timeInStatus.OFFLINE).toBe(24 * 3600);
  });

  it('takes the status at `from` from the last change before it, a change at `from` included', async () => {
    const [ana] = await report(ORG, query(at('10T08:00:00'), at('10T10:00:00')), at('12T00:00:00'));
    expect(ana.timeInStatus).toEqual({ ONLINE: 3600, AWAY: 3600, BUSY: 0, OFFLINE: 0 });
    expect(ana.messagesSent).toBe(3);
    expect(ana.handled).toBe(1);
  });

  it('counts no status time in a range that has not started', async () => {
    const agents = await report(ORG, query(at('11T00:00:00'), at('12T00:00:00')));
    expect(agents.map((a) => a.timeInStatus)).toEqual(
      agents.map(() => ({ ONLINE: 0, AWAY: 0, BUSY: 0, OFFLINE: 0 })),
    );
    // Nothing happened then: only the directory's non-deleted users remain.
    expect(agents.map((a) => a.userId)).toEqual(['u-ana', 'u-bob']);
  });

  it("keeps each organization's agents and figures apart", async () => {
    const agents = await report(OTHER);
    expect(agents.map((a) => a.userId)).toEqual(['u-x', 'u-ana']);
    expect(agents[0]).toMatchObject({
      assigned: 1,
      handled: 1,
      resolved: 1,
      messagesSent: 6,
      firstResponse: { count: 1, average: 30 },
      handleTime: { count: 1, average: 1770 },
      currentStatus: 'ONLINE',
    });
    // The same user id in another organization: only this organization's rows (not Ana's name,
    // figures or status).
    expect(agents[1]).toMatchObject({
      name: null,
      assigned: 1,
      handled: 0,
      messagesSent: 6,
      timeInStatus: { BUSY: 18 * 3600, OFFLINE: 0 },
      currentStatus: null,
    });
    expect(await report(99)).toEqual([]);
  });
});
