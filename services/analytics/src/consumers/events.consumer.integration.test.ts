import { and, eq } from 'drizzle-orm';
import { historyEventId, INBOX_EVENTS, type EventEnvelope } from '@inbox/contracts';
import { createLogger, InProcessBus, newId } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { claimEvents, finishRebuildState, startRebuildState } from '../db/rebuild';
import { conversationCycles, messageSlots, rebuildState } from '../db/schema';
import { analyticsEvent } from '../testing/events';
import { createAnalyticsTestbed } from '../testing/testbed';
import { ANALYTICS_BINDINGS } from '../projections';
import { analyticsEventsHandler, subscribeAnalyticsEvents } from './events.consumer';

const testbed = openForTestFile(createAnalyticsTestbed);
const bus = new InProcessBus(createLogger('analytics-consumer-test', 'silent'));

beforeAll(async () => {
  await subscribeAnalyticsEvents(testbed.deps, bus);
});
afterAll(async () => {
  await bus.close();
});

const at = (minutes: number) => new Date(Date.parse('2025-03-10T12:00:00Z') + minutes * 60_000);
let nextOrg = 700;

function conversation() {
  const orgId = nextOrg++;
  const ref = { conversationId: newId(), waId: '5215512345678' };
  return {
    orgId,
    id: ref.conversationId,
    created: () =>
      analyticsEvent(INBOX_EVENTS.conversationCreated, orgId, at(0), {
        ...ref,
        status: 'OPEN',
        origin: 'CUSTOMER',
        actorId: null,
      }),
    received: (minute: number) =>
      analyticsEvent(INBOX_EVENTS.messageReceived, orgId, at(minute), {
        ...ref,
        messageId: newId(),
        providerMessageId: `wamid.${newId()}`,
        type: 'text',
        text: 'hola',
        contextProviderMessageId: null,
        receivedAt: at(minute).toISOString(),
        sentAt: at(minute).toISOString(),
      }),
  };
}

const publish = (...events: EventEnvelope[]) => bus.publish(events.map((envelope) => ({ envelope })));

async function inboundCount(orgId: number): Promise<number> {
  const rows = await testbed.deps.db.select().from(messageSlots).where(eq(messageSlots.orgId, orgId));
  return rows.reduce((sum, row) => sum + row.count, 0);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('analytics events consumer', () => {
  it('binds every projected event type of the three services', () => {
    expect(ANALYTICS_BINDINGS).toEqual(
      expect.arrayContaining([
        INBOX_EVENTS.conversationCreated,
        INBOX_EVENTS.messageSent,
        INBOX_EVENTS.botContained,
        'directory.user.status_changed.v1',
        'campaigns.recipient.status_changed.v1',
        'campaigns.recipient.replied.v1',
      ]),
    );
    expect(new Set(ANALYTICS_BINDINGS).size).toBe(ANALYTICS_BINDINGS.length);
  });

  it('applies a redelivered event once: slot counts stay as they were', async () => {
    const c = conversation();
    const message = c.received(1);
    await publish(c.created());
    await until(
      () => testbed.deps.db.select().from(conversationCycles).where(eq(conversationCycles.orgId, c.orgId)),
      (r) => r.length === 1,
    );
    await publish(message, message);
    await publish(c.received(2));
    expect(
      await until(
        () => inboundCount(c.orgId),
        (n) => n >= 2,
      ),
    ).toBe(2);
    // Anything still in flight would show within this wait.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await inboundCount(c.orgId)).toBe(2);
  });

  it('retries an event delivered before its conversation’s creation until the creation is applied', async () => {
    const c = conversation();
    await publish(c.received(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await inboundCount(c.orgId)).toBe(0);
    await publish(c.created());
    const cycles = await until(
      () =>
        testbed.deps.db
          .select()
          .from(conversationCycles)
          .where(and(eq(conversationCycles.orgId, c.orgId), eq(conversationCycles.conversationId, c.id))),
      (rows) => rows[0]?.waitingSince !== null && rows.length > 0,
    );
    expect(cycles).toEqual([expect.objectContaining({ waitingSince: at(1) })]);
    expect(await inboundCount(c.orgId)).toBe(1);
  });
});

describe('analytics events consumer after a rebuild', () => {
  const info = { attempt: 1, headers: {}, queue: 'analytics.events' };
  const handle: ReturnType<typeof analyticsEventsHandler> = (event, delivery) =>
    analyticsEventsHandler(testbed.deps)(event, delivery);
  // The other tests' events are from before any cutoff used here: leave no rebuild behind.
  afterEach(async () => {
    await testbed.deps.db.delete(rebuildState);
  });
  const finishedRebuild = async (cutoff: Date) => {
    await startRebuildState(testbed.deps.db, cutoff, cutoff);
    await finishRebuildState(testbed.deps.db, cutoff, 0);
  };
  const statusChange = (c: ReturnType<typeof conversation>, minute: number) =>
    analyticsEvent(INBOX_EVENTS.conversationStatusChanged, c.orgId, at(minute), {
      conversationId: c.id,
      waId: '5215512345678',
      from: 'OPEN',
      to: 'CLOSED',
      by: 'agent',
      reason: 'resolve',
      actorId: null,
    });
  const closedAt = async (id: string) =>
    (
      await testbed.deps.db.select().from(conversationCycles).where(eq(conversationCycles.conversationId, id))
    )[0]?.resolvedAt ?? null;

  it('a message the history told is skipped by fact, whenever its event occurred; one it missed is applied', async () => {
    const c = conversation();
    await testbed.apply(c.created());
    await finishedRebuild(at(10));
    // The history told this message (its history id claimed by the rebuild); its live event comes
    // after the cutoff (received late): still the same fact, not counted again.
    const told = c.received(12);
    const messageId = (told.data as { messageId: string }).messageId;
    await claimEvents(testbed.deps.db, 'analytics.events', [historyEventId('inbox', 'msg', messageId)]);
    await handle(told, info);
    expect(await inboundCount(c.orgId)).toBe(0);
    // Before the cutoff, but the history missed it (committed after its conversation was read): applied.
    await handle(c.received(5), info);
    // After the cutoff, never told: applied.
    await handle(c.received(11), info);
    expect(await inboundCount(c.orgId)).toBe(2);
  });

  it('other events: skipped when they occurred before the cutoff, applied from it on', async () => {
    const before = conversation();
    const after = conversation();
    await testbed.apply(before.created());
    await testbed.apply(after.created());
    await finishedRebuild(at(10));
    await handle(statusChange(before, 9), info);
    await handle(statusChange(after, 10), info);
    expect(await closedAt(before.id)).toBeNull();
    expect(await closedAt(after.id)).toEqual(at(10));
  });

  it('while a rebuild runs, events wait (retried, nothing applied), then go in once it has finished', async () => {
    const c = conversation();
    await testbed.apply(c.created());
    await startRebuildState(testbed.deps.db, at(10), at(10));
    const event = c.received(11);
    await expect(handle(event, info)).rejects.toMatchObject({ code: 'REBUILD_IN_PROGRESS' });
    expect(await inboundCount(c.orgId)).toBe(0);
    await finishRebuildState(testbed.deps.db, at(20), 0);
    await handle(event, info);
    expect(await inboundCount(c.orgId)).toBe(1);
  });
});
