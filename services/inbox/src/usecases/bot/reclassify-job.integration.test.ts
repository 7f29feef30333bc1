import { eq } from 'drizzle-orm';
import type { CallerContext } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { conversations, jobs } from '../../db/schema';
import type { InboxDeps } from '../../deps';
import { makeMessage } from '../../testing/conversation-builders';
import { eventsOf, failure, organizations, storedConversation } from '../../testing/conversation-test-kit';
import { createInboxTestbed } from '../../testing/testbed';
import { putBotCategories, putRoutingRules } from './bot-config';
import { getJob, JOB_PAGE, runReclassifyJob, startReclassifyJob } from './reclassify-job';

const tb = openForTestFile(createInboxTestbed);
const org = organizations(tb, 9400);
type Org = ReturnType<typeof org>;

const CATEGORIES = {
  data: [
    {
      name: 'Billing',
      examples: [
        'I need an invoice for my order',
        'I was charged twice on my card',
        'Necesito la factura de mi compra',
        'Me cobraron dos veces',
      ],
    },
    {
      name: 'Shipping',
      examples: [
        'Where is my package? It has not arrived',
        'I want to track my shipment',
        '¿Dónde está mi pedido? No ha llegado',
        'Quiero rastrear mi envío',
      ],
    },
  ],
};
const BILLING_TEXT = 'please send me the invoice for my last order, I need the invoice';
const SHIPPING_TEXT = 'my package has not arrived yet, where is my shipment?';

/** An organization whose categories and routing are configured: Billing → the billing team's queue. */
async function configured() {
  const o = org();
  await putBotCategories(tb.deps, o.admin, JSON.stringify(CATEGORIES));
  const billing = tb.directory.addTeam(o.orgId);
  await putRoutingRules(
    tb.deps,
    o.admin,
    JSON.stringify({
      rules: [{ name: 'billing', when: { categories: ['Billing'] }, teamId: billing.id, assign: 'queue' }],
      fallbackTeamId: null,
      agentCapacity: 20,
    }),
  );
  return { ...o, billing };
}

async function billingConversations(o: Org, n: number) {
  const made = [];
  for (let i = 0; i < n; i++) {
    const c = await o.make();
    await makeMessage(tb.deps.db, c, { text: BILLING_TEXT });
    made.push(c);
  }
  return made;
}

const start = (caller: CallerContext, scope: string) => startReclassifyJob(tb.deps, caller, scope);
const jobRow = async (id: string) => (await tb.deps.db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe('starting a bulk re-classify', () => {
  it('queues a job with the scope’s count, its work item and its first progress event', async () => {
    const o = await configured();
    await o.make({ status: 'OPEN' });
    await o.make({ status: 'HUMAN_HANDLING', assignedTo: o.me });
    await o.make({ status: 'BOT_HANDLING', category: 'Billing' });
    await o.make({ status: 'CLOSED' });

    const all = await start(o.admin, 'all_open');
    expect(all).toMatchObject({
      kind: 'reclassify',
      status: 'QUEUED',
      progress: { done: 0, total: 3 },
      result: null,
      finishedAt: null,
    });
    expect((await start(o.admin, 'unassigned')).progress.total).toBe(2);
    expect((await start(o.admin, 'uncategorized')).progress.total).toBe(2);
    expect(await getJob(tb.deps, o.agent, all.id)).toEqual(all);

    const events = (await eventsOf(tb, o.orgId)).filter((e) => e.data.jobId === all.id);
    expect(events).toEqual([
      { type: 'bot.reclassify_requested', data: { jobId: all.id } },
      {
        type: 'job.updated',
        data: {
          jobId: all.id,
          kind: 'reclassify',
          status: 'QUEUED',
          progress: { done: 0, total: 3 },
          result: null,
        },
      },
    ]);
  });

  it('is for Admins, with a known scope', async () => {
    const o = await configured();
    expect(await failure(start(o.agent, 'all_open'))).toMatchObject({ kind: 'forbidden' });
    expect(await failure(start(o.admin, 'everything'))).toMatchObject({
      kind: 'invalid',
      fields: [{ path: 'scope', message: expect.any(String) }],
    });
  });

  it('shows a job to its organization only', async () => {
    const o = await configured();
    const other = await configured();
    const job = await start(o.admin, 'all_open');
    expect(await failure(getJob(tb.deps, other.admin, job.id))).toMatchObject({ kind: 'not_found' });
    expect(await failure(getJob(tb.deps, o.admin, 'no-such-job'))).toMatchObject({ kind: 'not_found' });
  });
});

describe('running a bulk re-classify', () => {
  it('classifies and routes every conversation of the scope, page after page, and counts it', async () => {
    const o = await configured();
    const billing = await billingConversations(o, JOB_PAGE + 3);
    const shipping = await o.make();
    await makeMessage(tb.deps.db, shipping, { text: SHIPPING_TEXT });
    const unclear = await o.make();
    await makeMessage(tb.deps.db, unclear, { text: 'zxqv wplk' });
    const assigned = await o.make({ status: 'HUMAN_HANDLING', assignedTo: o.me });
    await makeMessage(tb.deps.db, assigned, { text: BILLING_TEXT });
    const theirs = await billingConversations(await configured(), 1);

    const job = await start(o.admin, 'unassigned');
    await runReclassifyJob(tb.deps, job.id);
    const done = await getJob(tb.deps, o.admin, job.id);
    const total = billing.length + 2;
    expect(done).toMatchObject({
      status: 'COMPLETED',
      progress: { done: total, total },
      result: {
        matched: total,
        reclassified: billing.length + 1,
        rerouted: billing.length,
        failed: 0,
      },
    });
    expect(done.finishedAt).not.toBeNull();
    for (const c of billing)
      expect(await storedConversation(tb, c.id)).toMatchObject({
        category: 'Billing',
        categorySource: 'ai',
        teamId: o.billing.id,
      });
    expect(await storedConversation(tb, shipping.id)).toMatchObject({ category: 'Shipping', teamId: null });
    expect(await storedConversation(tb, unclear.id)).toMatchObject({ category: null });
    // Out of the scope (assigned), and another organization's: untouched.
    expect(await storedConversation(tb, assigned.id)).toMatchObject({ category: null, teamId: null });
    expect(await storedConversation(tb, theirs[0].id)).toMatchObject({ category: null });

    const categorized = (await eventsOf(tb, o.orgId)).filter((e) => e.type === 'conversation.categorized');
    expect(categorized).toHaveLength(billing.length + 1);
    expect(categorized[0].data).toMatchObject({ source: 'ai', actorId: o.admin.userId });
    const progress = (await eventsOf(tb, o.orgId)).filter((e) => e.type === 'job.updated');
    // Queued, running (again per page when a page takes longer than the throttle), completed.
    const statuses = progress.map((e) => e.data.status);
    expect([statuses[0], statuses[1], statuses.at(-1)]).toEqual(['QUEUED', 'RUNNING', 'COMPLETED']);
    expect(new Set(statuses.slice(1, -1))).toEqual(new Set(['RUNNING']));
    expect(progress.at(-1)?.data.result).toEqual(done.result);

    // Redelivered after it finished: nothing happens.
    const eventCount = (await eventsOf(tb, o.orgId)).length;
    await runReclassifyJob(tb.deps, job.id);
    expect(await getJob(tb.deps, o.admin, job.id)).toEqual(done);
    expect(await eventsOf(tb, o.orgId)).toHaveLength(eventCount);
  });

  it('resumes after a crash from its cursor, without doing the first part again', async () => {
    const o = await configured();
    const made = await billingConversations(o, 5);
    const job = await start(o.admin, 'all_open');
    const ordered = made.map((c) => c.id).sort();
    // As if a runner had gone through two conversations (counted) and died.
    await tb.deps.db
      .update(jobs)
      .set({ status: 'RUNNING', cursor: ordered[1], done: 2, matched: 2, reclassified: 2, rerouted: 2 })
      .where(eq(jobs.id, job.id));

    await runReclassifyJob(tb.deps, job.id);
    expect(await getJob(tb.deps, o.admin, job.id)).toMatchObject({
      status: 'COMPLETED',
      progress: { done: 5, total: 5 },
      result: { matched: 5, reclassified: 5, rerouted: 5, failed: 0 },
    });
    expect((await storedConversation(tb, ordered[0])).category).toBeNull();
    expect((await storedConversation(tb, ordered[1])).category).toBeNull();
    for (const id of ordered.slice(2)) expect((await storedConversation(tb, id)).category).toBe('Billing');
  });

  it('counts a conversation that fails and goes on', async () => {
    const o = await configured();
    const made = await billingConversations(o, 3);
    const broken = made[1];
    await makeMessage(tb.deps.db, broken, { text: 'BOOM' });
    const real = tb.deps.intelligence;
    const deps: InboxDeps = {
      ...tb.deps,
      intelligence: {
        prepare: (config) => real.prepare(config),
        recognizeIntent: (config, text) => real.recognizeIntent(config, text),
        summarize: (input) => real.summarize(input),
        detectLanguage: (text, fallback) => real.detectLanguage(text, fallback),
        classifyCategory: async (config, texts) => {
          if (texts.includes('BOOM')) throw new Error('model broke');
          return real.classifyCategory(config, texts);
        },
      },
    };
    const job = await start(o.admin, 'all_open');
    await runReclassifyJob(deps, job.id);
    expect(await getJob(tb.deps, o.admin, job.id)).toMatchObject({
      status: 'COMPLETED',
      progress: { done: 3, total: 3 },
      result: { matched: 2, reclassified: 2, rerouted: 2, failed: 1 },
    });
    expect((await storedConversation(tb, broken.id)).category).toBeNull();
  });

  it('goes through a conversation that left the scope before its turn without touching it', async () => {
    const o = await configured();
    const [stays, taken] = await billingConversations(o, 2);
    const real = tb.deps.intelligence;
    // An agent takes one over while the job classifies it (between its page and its lock).
    const deps: InboxDeps = {
      ...tb.deps,
      intelligence: {
        prepare: (config) => real.prepare(config),
        recognizeIntent: (config, text) => real.recognizeIntent(config, text),
        summarize: (input) => real.summarize(input),
        detectLanguage: (text, fallback) => real.detectLanguage(text, fallback),
        classifyCategory: async (config, texts) => {
          const result = await real.classifyCategory(config, texts);
          if ((await storedConversation(tb, taken.id)).assignedTo === null)
            await tb.deps.db
              .update(conversations)
              .set({ status: 'HUMAN_HANDLING', assignedTo: o.me })
              .where(eq(conversations.id, taken.id));
          return result;
        },
      },
    };
    const job = await start(o.admin, 'unassigned');
    await runReclassifyJob(deps, job.id);
    expect(await getJob(tb.deps, o.admin, job.id)).toMatchObject({
      status: 'COMPLETED',
      progress: { done: 2, total: 2 },
      result: { matched: 1, reclassified: 1, rerouted: 1, failed: 0 },
    });
    expect(await storedConversation(tb, stays.id)).toMatchObject({ category: 'Billing' });
    expect(await storedConversation(tb, taken.id)).toMatchObject({ category: null, teamId: null });
  });

  it('runs two jobs over the same conversations at once: both finish, each conversation changed once', async () => {
    const o = await configured();
    const made = await billingConversations(o, 12);
    const [a, b] = [await start(o.admin, 'all_open'), await start(o.admin, 'all_open')];
    await Promise.all([runReclassifyJob(tb.deps, a.id), runReclassifyJob(tb.deps, b.id)]);
    const [doneA, doneB] = [await getJob(tb.deps, o.admin, a.id), await getJob(tb.deps, o.admin, b.id)];
    for (const done of [doneA, doneB])
      expect(done).toMatchObject({ status: 'COMPLETED', progress: { done: 12, total: 12 } });
    expect(doneA.result?.matched).toBe(12);
    expect(doneB.result?.matched).toBe(12);
    expect((doneA.result?.reclassified ?? 0) + (doneB.result?.reclassified ?? 0)).toBe(12);
    expect((doneA.result?.rerouted ?? 0) + (doneB.result?.rerouted ?? 0)).toBe(12);
    for (const c of made)
      expect(await storedConversation(tb, c.id)).toMatchObject({ category: 'Billing', teamId: o.billing.id });
    const events = await eventsOf(tb, o.orgId);
    expect(events.filter((e) => e.type === 'conversation.categorized')).toHaveLength(12);
  });

  it('counts each conversation once when the same job is run twice at once (a redelivery)', async () => {
    const o = await configured();
    await billingConversations(o, 8);
    const job = await start(o.admin, 'all_open');
    await Promise.all([runReclassifyJob(tb.deps, job.id), runReclassifyJob(tb.deps, job.id)]);
    expect(await getJob(tb.deps, o.admin, job.id)).toMatchObject({
      status: 'COMPLETED',
      progress: { done: 8, total: 8 },
      result: { matched: 8, reclassified: 8, rerouted: 8, failed: 0 },
    });
    expect((await jobRow(job.id)).finishedAt).not.toBeNull();
  });
});
