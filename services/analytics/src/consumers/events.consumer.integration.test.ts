import { and, eq } from 'drizzle-orm';
import { INBOX_EVENTS, type EventEnvelope } from '@inbox/contracts';
import { createLogger, InProcessBus, newId } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { startRebuildState } from '../db/rebuild';
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
  // The other tests' events are from before any cutoff used here: leave no rebuild behind.
  afterEach(async () => {
    await testbed.deps.db.delete(rebuildState);
  });

  it('acknowledges without applying what occurred before the cutoff (the export told it), applies the rest', async () => {
    const handle = analyticsEventsHandler(testbed.deps, 0);
    const c = conversation();
    // As the rebuild left it: the conversation told by the export, the cutoff at minute 10.
    await testbed.apply(c.created());
    await startRebuildState(testbed.deps.db, at(10), new Date());
    await handle(c.received(5), info);
    expect(await inboundCount(c.orgId)).toBe(0);
    await handle(c.received(10), info);
    await handle(c.received(11), info);
    expect(await inboundCount(c.orgId)).toBe(2);
  });

  it('reads the cutoff once per refresh period: a rebuild recorded meanwhile counts from the next read', async () => {
    const handle = analyticsEventsHandler(testbed.deps, 300);
    const c = conversation();
    await testbed.apply(c.created());
    await handle(c.received(1), info);
    // Another process starts a rebuild: within the refresh period this consumer has not read it yet.
    await startRebuildState(testbed.deps.db, at(30), new Date());
    await handle(c.received(2), info);
    expect(await inboundCount(c.orgId)).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await handle(c.received(3), info);
    await handle(c.received(31), info);
    expect(await inboundCount(c.orgId)).toBe(3);
  });
});
