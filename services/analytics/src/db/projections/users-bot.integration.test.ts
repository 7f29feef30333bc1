import { asc, eq } from 'drizzle-orm';
import { DIRECTORY_EVENTS, INBOX_EVENTS } from '@inbox/contracts';
import { newId } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { analyticsEvent } from '../../testing/events';
import { createAnalyticsTestbed } from '../../testing/testbed';
import { botTurns, users, userStatusChanges } from '../schema';

const testbed = openForTestFile(createAnalyticsTestbed);

const BASE = Date.parse('2025-03-10T12:00:00Z');
const t = (minutes: number) => new Date(BASE + minutes * 60_000);

let nextOrg = 500;

async function user(id: string) {
  const [row] = await testbed.deps.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('user projections', () => {
  const orgId = nextOrg++;
  const userEvent = (type: string, at: Date, data: Record<string, unknown>) =>
    analyticsEvent(type, orgId, at, { actorId: null, ...data });
  const profile = (userId: string, name: string, role = 'AGENT') => ({
    userId,
    email: `${userId}@example.com`,
    name,
    role,
  });
  const statusChange = (userId: string, at: Date, from: string, to: string) =>
    userEvent(DIRECTORY_EVENTS.userStatusChanged, at, { userId, from, to, changedAt: at.toISOString() });

  it('keeps the name and role the directory announces, and a deletion for good', async () => {
    const id = newId();
    await testbed.apply(userEvent(DIRECTORY_EVENTS.userCreated, t(0), profile(id, 'Ana')));
    expect(await user(id)).toMatchObject({ orgId, name: 'Ana', role: 'AGENT', deleted: false, status: null });
    await testbed.apply(userEvent(DIRECTORY_EVENTS.userUpdated, t(1), profile(id, 'Ana María', 'ADMIN')));
    expect(await user(id)).toMatchObject({ name: 'Ana María', role: 'ADMIN' });
    await testbed.apply(
      userEvent(DIRECTORY_EVENTS.userDeleted, t(2), { userId: id }),
      userEvent(DIRECTORY_EVENTS.userUpdated, t(1.5), profile(id, 'Ana M.')),
    );
    expect(await user(id)).toMatchObject({ deleted: true });
  });

  it('records each status change once and keeps the latest as the current status', async () => {
    const id = newId();
    const changes = [
      statusChange(id, t(0), 'OFFLINE', 'ONLINE'),
      statusChange(id, t(30), 'AWAY', 'BUSY'),
      statusChange(id, t(10), 'ONLINE', 'AWAY'),
    ];
    await testbed.apply(...changes, ...changes);
    expect(await user(id)).toMatchObject({ status: 'BUSY', statusSince: t(30), name: null });
    const logged = await testbed.deps.db
      .select()
      .from(userStatusChanges)
      .where(eq(userStatusChanges.userId, id))
      .orderBy(asc(userStatusChanges.at));
    expect(logged.map((c) => [c.from, c.to, c.at])).toEqual([
      ['OFFLINE', 'ONLINE', t(0)],
      ['ONLINE', 'AWAY', t(10)],
      ['AWAY', 'BUSY', t(30)],
    ]);
    // A user first seen through a status change gets their name when the directory says it.
    await testbed.apply(userEvent(DIRECTORY_EVENTS.userCreated, t(40), profile(id, 'Luis')));
    expect(await user(id)).toMatchObject({ name: 'Luis', status: 'BUSY' });
  });
});

describe('bot projections', () => {
  it('records each answer, greeting and fallback once, with its intent and confidence', async () => {
    const orgId = nextOrg++;
    const conversationId = newId();
    const ref = { conversationId, waId: '5215512345678', inReplyTo: newId(), language: 'es' };
    const replied = (at: Date, kind: string, intent: string | null, confidence: number | null) =>
      analyticsEvent(INBOX_EVENTS.botReplied, orgId, at, {
        ...ref,
        messageIds: [newId()],
        kind,
        intent,
        confidence,
      });
    const events = [
      replied(t(0), 'greeting', null, null),
      replied(t(1), 'answer', 'horarios', 0.91),
      analyticsEvent(INBOX_EVENTS.botFallback, orgId, t(2), { ...ref, consecutive: 1, confidence: 0.2 }),
    ];
    await testbed.apply(...events, ...events);
    const turns = await testbed.deps.db
      .select()
      .from(botTurns)
      .where(eq(botTurns.orgId, orgId))
      .orderBy(asc(botTurns.at));
    expect(
      turns.map(({ kind, intent, confidence, at, conversationId: c }) => ({
        kind,
        intent,
        confidence,
        at,
        c,
      })),
    ).toEqual([
      { kind: 'greeting', intent: null, confidence: null, at: t(0), c: conversationId },
      { kind: 'answer', intent: 'horarios', confidence: 0.91, at: t(1), c: conversationId },
      { kind: 'fallback', intent: null, confidence: 0.2, at: t(2), c: conversationId },
    ]);
  });
});
