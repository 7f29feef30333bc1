import { eq } from 'drizzle-orm';
import { DIRECTORY_EVENTS, QUEUES, type EventEnvelope } from '@inbox/contracts';
import { createLogger, InProcessBus, newId, type EventBus, type SubscriptionSpec } from '@inbox/platform';
import { subscribeDirectoryEvents } from '../../consumers/directory-events.consumer';
import { conversations, conversationTags } from '../../db/schema';
import { createInboxTestbed, type InboxTestbed } from '../../testing/testbed';
import { makeConversation, type ConversationSeed } from '../../testing/conversation-builders';

let tb: InboxTestbed;
let bus: InProcessBus;
let spec: SubscriptionSpec;
/** Ids of the events the consumer finished handling, in order (a duplicate appears twice). */
const handled: string[] = [];

beforeAll(async () => {
  tb = await createInboxTestbed();
  bus = new InProcessBus(createLogger('test', 'silent'));
  // Watches the consumer's subscription, so a test can wait for a delivery that changes nothing.
  const watched = Object.create(bus) as EventBus;
  watched.subscribe = (s, handler) => {
    spec = s;
    return bus.subscribe(s, async (event, info) => {
      await handler(event, info);
      handled.push(event.id);
    });
  };
  await subscribeDirectoryEvents(tb.deps, watched);
});
afterAll(async () => {
  await bus?.close();
  await tb?.close();
});

let nextOrg = 9500;
function org() {
  const orgId = nextOrg++;
  const make = (seed: Omit<ConversationSeed, 'orgId'> = {}) =>
    makeConversation(tb.deps.db, { orgId, ...seed });
  return { orgId, make };
}

async function deliver(event: EventEnvelope, times = 1): Promise<void> {
  const before = handled.length;
  for (let i = 0; i < times; i++)
    await bus.publish([{ envelope: event, headers: { 'x-request-id': 'req-1' } }]);
  for (let i = 0; i < 250 && handled.length < before + times; i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(handled.length).toBe(before + times);
}
const envelope = (orgId: number, type: string, data: Record<string, unknown>): EventEnvelope => ({
  id: newId(),
  type,
  orgId,
  occurredAt: new Date().toISOString(),
  data,
});
const tagsOf = async (id: string) =>
  (await tb.deps.db.select().from(conversationTags).where(eq(conversationTags.conversationId, id)))
    .map((t) => t.tagId)
    .sort();
const stored = async (id: string) =>
  (await tb.deps.db.select().from(conversations).where(eq(conversations.id, id)))[0];
const eventsOf = async (orgId: number) =>
  (await tb.recordedEvents())
    .filter((e) => e.orgId === orgId)
    .map((e) => ({ type: e.type.replace(/^inbox\.|\.v1$/g, ''), data: e.data }));

describe('directory events consumer', () => {
  it('binds its queue to exactly the events it handles', () => {
    expect(spec.queue).toBe(QUEUES.inboxDirectory);
    expect([...spec.bindings].sort()).toEqual(
      [DIRECTORY_EVENTS.tagDeleted, DIRECTORY_EVENTS.userDeleted].sort(),
    );
  });

  it('removes a deleted tag from the organization’s conversations, once however often it is delivered', async () => {
    const a = org();
    const b = org();
    const [gone, kept] = [newId(), newId()];
    const first = await a.make({ tagIds: [gone, kept] });
    const second = await a.make({ tagIds: [gone] });
    const elsewhere = await b.make({ tagIds: [gone] });
    const admin = newId();
    const event = envelope(a.orgId, DIRECTORY_EVENTS.tagDeleted, { tagId: gone, actorId: admin });

    await deliver(event);
    expect([await tagsOf(first.id), await tagsOf(second.id), await tagsOf(elsewhere.id)]).toEqual([
      [kept],
      [],
      [gone],
    ]);
    expect(
      (await eventsOf(a.orgId))
        .map((e) => e.data)
        .sort((x, y) => String(x.conversationId).localeCompare(String(y.conversationId))),
    ).toEqual(
      [first, second]
        .map((c) => ({ conversationId: c.id, waId: c.waId, changes: ['tagIds'], actorId: admin }))
        .sort((x, y) => x.conversationId.localeCompare(y.conversationId)),
    );

    // A redelivery of the same event is skipped: a row that appeared since is not touched.
    const later = await a.make({ tagIds: [gone] });
    await deliver(event, 2);
    expect(await tagsOf(later.id)).toEqual([gone]);
    expect(await eventsOf(a.orgId)).toHaveLength(2);
    expect(await eventsOf(b.orgId)).toEqual([]);
  });

  it('puts a deleted user’s active conversations back in the queue', async () => {
    const a = org();
    const b = org();
    const [gone, stays] = [newId(), newId()];
    const handling = await a.make({ status: 'HUMAN_HANDLING', assignedTo: gone });
    const waiting = await a.make({ status: 'WAITING_FOR_CUSTOMER', assignedTo: gone });
    const closed = await a.make({ status: 'CLOSED', assignedTo: gone });
    const colleagues = await a.make({ status: 'HUMAN_HANDLING', assignedTo: stays });
    const elsewhere = await b.make({ status: 'HUMAN_HANDLING', assignedTo: gone });

    await deliver(envelope(a.orgId, DIRECTORY_EVENTS.userDeleted, { userId: gone, actorId: null }), 2);
    for (const c of [handling, waiting])
      expect(await stored(c.id)).toMatchObject({ status: 'OPEN', assignedTo: null });
    for (const c of [closed, colleagues, elsewhere]) expect(await stored(c.id)).toEqual(c);
    const events = await eventsOf(a.orgId);
    expect(events.map((e) => e.type)).toEqual([
      'conversation.status_changed',
      'conversation.unassigned',
      'conversation.status_changed',
      'conversation.unassigned',
    ]);
    expect(events[0].data).toMatchObject({ to: 'OPEN', by: 'system', reason: 'user_deleted', actorId: null });
    expect(await eventsOf(b.orgId)).toEqual([]);
  });
});
