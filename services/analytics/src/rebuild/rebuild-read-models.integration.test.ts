import { eq } from 'drizzle-orm';
import { DIRECTORY_EVENTS, INBOX_EVENTS, type EventEnvelope } from '@inbox/contracts';
import {
  DomainError,
  historyEventMessage,
  newId,
  type HistoryEventMessage,
  type HistoryPageMessage,
  type HistoryQuery,
} from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { conversationCycles, messageSlots, processedEvents, rebuildState, users } from '../db/schema';
import { analyticsEvent } from '../testing/events';
import { createAnalyticsTestbed } from '../testing/testbed';
import type { HistorySource, HistorySourceName, HistorySources } from './history-source';
import { rebuildReadModels } from './rebuild-read-models';

const testbed = openForTestFile(createAnalyticsTestbed);

const at = (minutes: number) => new Date(Date.parse('2025-03-10T12:00:00Z') + minutes * 60_000);
const NOW = new Date('2025-03-11T09:00:00Z');
let nextOrg = 900;

/** An event as ExportHistory carries it (data as JSON text). */
const told = (event: EventEnvelope): HistoryEventMessage => ({
  id: event.id,
  type: event.type,
  orgId: event.orgId,
  occurredAt: event.occurredAt,
  dataJson: JSON.stringify(event.data),
});

function conversation(orgId: number) {
  const ref = { conversationId: newId(), waId: '5215512345678' };
  return {
    created: () =>
      analyticsEvent(
        INBOX_EVENTS.conversationCreated,
        orgId,
        at(0),
        { ...ref, status: 'OPEN', origin: 'CUSTOMER', actorId: null },
        `history:inbox:created:${ref.conversationId}`,
      ),
    received: (minute: number) =>
      analyticsEvent(
        INBOX_EVENTS.messageReceived,
        orgId,
        at(minute),
        {
          ...ref,
          messageId: `m${minute}`,
          providerMessageId: `wamid.${newId()}`,
          type: 'text',
          text: 'hola',
          contextProviderMessageId: null,
          receivedAt: at(minute).toISOString(),
          sentAt: at(minute).toISOString(),
        },
        `history:inbox:msg:${ref.conversationId}:${minute}`,
      ),
  };
}

const userCreated = (orgId: number, name: string) => {
  const userId = newId();
  return analyticsEvent(
    DIRECTORY_EVENTS.userCreated,
    orgId,
    at(-60),
    { userId, email: `${userId}@example.com`, name, role: 'AGENT', actorId: null },
    `history:directory:user:${userId}`,
  );
};

/** A source answering fixed pages: the first for after = '', then one per cursor it handed out. */
function pagedSource(
  pages: EventEnvelope[][],
  calls: Array<[HistorySourceName, HistoryQuery]>,
  name: HistorySourceName,
) {
  const source: HistorySource = async (query) => {
    calls.push([name, query]);
    const index = query.after === '' ? 0 : Number(query.after.slice(1));
    const page: HistoryPageMessage = {
      events: (pages[index] ?? []).map(told),
      next: index + 1 < pages.length ? `p${index + 1}` : '',
    };
    return page;
  };
  return source;
}

const inboundCount = async (orgId: number) =>
  (await testbed.deps.db.select().from(messageSlots).where(eq(messageSlots.orgId, orgId))).reduce(
    (sum, row) => sum + row.count,
    0,
  );

function rebuild(sources: Partial<HistorySources>, batchEvents?: number) {
  const none: HistorySource = async () => ({ events: [], next: '' });
  return rebuildReadModels({
    db: testbed.deps.db,
    logger: testbed.deps.logger,
    sources: { directory: none, inbox: none, campaigns: none, ...sources },
    now: () => NOW,
    settleMs: 0,
    retryMs: [0, 0],
    batchEvents,
  });
}

describe('rebuilding the read models from history', () => {
  it('empties every read model, then applies the sources in order, page by page, before the cutoff', async () => {
    const stale = nextOrg++;
    const orgId = nextOrg++;
    const old = conversation(stale);
    await testbed.apply(old.created(), old.received(1), userCreated(stale, 'Antes'));
    expect(await inboundCount(stale)).toBe(1);

    const c = conversation(orgId);
    const calls: Array<[HistorySourceName, HistoryQuery]> = [];
    // The conversation split across pages, as an exporter splits a big unit.
    const result = await rebuild({
      directory: pagedSource([[userCreated(orgId, 'Ana')], [userCreated(orgId, 'Luis')]], calls, 'directory'),
      inbox: pagedSource(
        [
          [c.created(), c.received(1)],
          [c.received(2), c.received(3)],
        ],
        calls,
        'inbox',
      ),
      campaigns: pagedSource([[]], calls, 'campaigns'),
    });

    expect(calls.map(([name, q]) => [name, q.after, q.before])).toEqual([
      // First a look at each source (one unit), before anything is reset.
      ['directory', '', NOW],
      ['inbox', '', NOW],
      ['campaigns', '', NOW],
      ['directory', '', NOW],
      ['directory', 'p1', NOW],
      ['inbox', '', NOW],
      ['inbox', 'p1', NOW],
      ['campaigns', '', NOW],
    ]);
    expect(result).toMatchObject({
      cutoff: NOW,
      events: 6,
      skipped: 0,
      pages: { directory: 2, inbox: 2, campaigns: 1 },
    });
    expect(result.tables).toEqual(expect.arrayContaining(['processed_events', 'message_slots', 'users']));
    expect(result.tables).not.toContain('rebuild_state');
    expect(result.tables).not.toContain('outbox');
    // What was there before is gone (every table of the schema), the history is there.
    expect(await inboundCount(stale)).toBe(0);
    expect(await testbed.deps.db.select().from(users).where(eq(users.orgId, stale))).toEqual([]);
    expect(await inboundCount(orgId)).toBe(3);
    expect(
      (await testbed.deps.db.select().from(users).where(eq(users.orgId, orgId))).map((u) => u.name).sort(),
    ).toEqual(['Ana', 'Luis']);
    expect(
      await testbed.deps.db.select().from(conversationCycles).where(eq(conversationCycles.orgId, orgId)),
    ).toHaveLength(1);
    const [state] = await testbed.deps.db.select().from(rebuildState);
    expect(state).toMatchObject({ id: 1, cutoff: NOW, startedAt: NOW, finishedAt: NOW, events: 6 });
    // Claimed like the live consumer's events: the rebuild's ids only.
    const claims = await testbed.deps.db.select().from(processedEvents);
    expect(claims.map((p) => p.consumer)).toEqual(Array(6).fill('analytics.events'));
    expect(claims.every((p) => p.eventId.startsWith('history:'))).toBe(true);
  });

  it('applies a page told twice once, in transactions of a bounded size', async () => {
    const orgId = nextOrg++;
    const c = conversation(orgId);
    const page = [c.created(), c.received(1), c.received(2), c.received(3), c.received(4)];
    // The same page again behind the first (a retried page, or a cursor that repeats it).
    const result = await rebuild({ inbox: pagedSource([page, page, [c.received(5)]], [], 'inbox') }, 2);
    expect(result.events).toBe(6);
    expect(await inboundCount(orgId)).toBe(5);
  });

  it('leaves out, and counts, an event a projection refuses; the others of its batch apply', async () => {
    const orgId = nextOrg++;
    const c = conversation(orgId);
    const orphan = conversation(orgId).received(7);
    const result = await rebuild(
      { inbox: pagedSource([[c.created(), c.received(1), orphan, c.received(2)]], [], 'inbox') },
      10,
    );
    expect(result).toMatchObject({ events: 3, skipped: 1 });
    expect(await inboundCount(orgId)).toBe(2);
    const [state] = await testbed.deps.db.select().from(rebuildState);
    expect(state).toMatchObject({ finishedAt: NOW, events: 3 });
  });

  it('resets nothing when a source does not answer', async () => {
    const orgId = nextOrg++;
    const c = conversation(orgId);
    await testbed.apply(c.created(), c.received(1));
    await expect(
      rebuild({
        campaigns: async () => {
          throw new Error('14 UNAVAILABLE: No connection established');
        },
      }),
    ).rejects.toThrow(/UNAVAILABLE/);
    expect(await inboundCount(orgId)).toBe(1);
  });

  it('asks again for a page a source could not answer, but not for one it refused', async () => {
    const orgId = nextOrg++;
    const c = conversation(orgId);
    let failures = 2;
    const flaky: HistorySource = async (query) => {
      if (query.limit > 1 && failures-- > 0) throw new Error('14 UNAVAILABLE: the inbox restarted');
      return {
        events: query.limit > 1 ? [c.created(), c.received(1)].map(historyEventMessage) : [],
        next: '',
      };
    };
    await rebuild({ inbox: flaky });
    expect(await inboundCount(orgId)).toBe(1);
    let asked = 0;
    const refusing: HistorySource = async (query) => {
      if (query.limit > 1) {
        asked += 1;
        throw new DomainError('invalid', 'INVALID_AFTER', 'not a cursor');
      }
      return { events: [], next: '' };
    };
    await expect(rebuild({ inbox: refusing })).rejects.toMatchObject({ code: 'INVALID_AFTER' });
    expect(asked).toBe(1);
  });

  it('records the cutoff before it reads the history (a running consumer skips what the export tells)', async () => {
    const seen: Array<Date | undefined> = [];
    await rebuild({
      inbox: async (query) => {
        if (query.limit > 1) {
          const [state] = await testbed.deps.db.select().from(rebuildState);
          seen.push(state?.finishedAt === null ? state.cutoff : undefined);
        }
        return { events: [], next: '' };
      },
    });
    expect(seen).toEqual([NOW]);
  });
});
