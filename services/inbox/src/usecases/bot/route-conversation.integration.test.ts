import { and, eq } from 'drizzle-orm';
import type { RoutingRules } from '@inbox/contracts';
import type { CallerContext } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { routingCursors } from '../../db/schema';
import type { RoutingTeamView } from '../../directory-lookup';
import { makeMessage } from '../../testing/conversation-builders';
import { eventsOf, failure, organizations, storedConversation } from '../../testing/conversation-test-kit';
import { createInboxTestbed } from '../../testing/testbed';
import { loadBotConfig, putRoutingRules } from './bot-config';
import { planRoute, rerouteConversation, routeFactsOf } from './route-conversation';

const tb = openForTestFile(createInboxTestbed);
const org = organizations(tb, 9100);

type Org = ReturnType<typeof org>;

const setRules = (o: Org, rules: Partial<RoutingRules>) =>
  putRoutingRules(
    tb.deps,
    o.admin,
    JSON.stringify({ rules: [], fallbackTeamId: null, agentCapacity: 20, ...rules }),
  );

const online = (userId: string) => ({ userId, status: 'ONLINE' });

/** Users of the organization in userId order (round robin's order). */
const users = (o: Org, n: number) => Array.from({ length: n }, () => tb.directory.addUser(o.orgId)).sort();

const team = (o: Org, view: Partial<RoutingTeamView> = {}) => tb.directory.addTeam(o.orgId, view);

const reroute = (caller: CallerContext, id: string) => rerouteConversation(tb.deps, caller, id);

describe('re-route', () => {
  it('takes the first rule that matches, in order: keywords, categories, then a catch-all', async () => {
    const o = org();
    const [billing, vip, general] = [team(o), team(o), team(o)];
    await setRules(o, {
      rules: [
        { name: 'invoices', when: { keywords: ['factura'] }, teamId: billing.id, assign: 'queue' },
        { name: 'vip', when: { categories: ['VIP'] }, teamId: vip.id, assign: 'queue' },
        { name: 'everything', when: {}, teamId: general.id, assign: 'queue' },
      ],
    });
    // Both the keyword rule and the category rule hold: the first one wins.
    const both = await o.make({ category: 'vip' });
    await makeMessage(tb.deps.db, both, { text: 'Necesito mi FACTURA de marzo' });
    const vipOnly = await o.make({ category: 'VIP' });
    await makeMessage(tb.deps.db, vipOnly, { text: 'hola' });
    const neither = await o.make();

    expect(await reroute(o.agent, both.id)).toMatchObject({
      teamId: billing.id,
      rule: 'invoices',
      matchedBy: 'rule',
      assignedTo: null,
    });
    expect(await reroute(o.agent, vipOnly.id)).toMatchObject({ teamId: vip.id, rule: 'vip' });
    const result = await reroute(o.agent, neither.id);
    expect(result).toMatchObject({ teamId: general.id, rule: 'everything', matchedBy: 'rule' });
    expect(result.conversation.row).toMatchObject({ teamId: general.id, status: 'OPEN', assignedTo: null });
    expect((await storedConversation(tb, neither.id)).teamId).toBe(general.id);
    expect(await eventsOf(tb, o.orgId)).toContainEqual({
      type: 'conversation.updated',
      data: expect.objectContaining({ conversationId: neither.id, changes: ['teamId'] }),
    });
  });

  it('falls back to the fallback team when no rule matches or the rule’s team is gone or inactive', async () => {
    const o = org();
    const [sales, fallback] = [team(o), team(o)];
    await setRules(o, {
      rules: [{ name: 'sales', when: { origins: ['CAMPAIGN'] }, teamId: sales.id, assign: 'round_robin' }],
      fallbackTeamId: fallback.id,
    });
    const customer = await o.make({ origin: 'CUSTOMER' });
    expect(await reroute(o.agent, customer.id)).toMatchObject({
      teamId: fallback.id,
      rule: null,
      matchedBy: 'fallback',
    });

    const campaign = await o.make({ origin: 'CAMPAIGN' });
    expect(await reroute(o.agent, campaign.id)).toMatchObject({ teamId: sales.id, matchedBy: 'rule' });
    sales.active = false;
    expect(await reroute(o.agent, campaign.id)).toMatchObject({
      teamId: fallback.id,
      rule: null,
      matchedBy: 'fallback',
    });
    tb.directory.teams.get(o.orgId)?.delete(sales.id);
    expect(await reroute(o.agent, campaign.id)).toMatchObject({ teamId: fallback.id, matchedBy: 'fallback' });
  });

  it('gives no route when neither the rule’s team nor the fallback can take it, and keeps the team it had', async () => {
    const o = org();
    const [sales, fallback, before] = [team(o), team(o), team(o)];
    await setRules(o, {
      rules: [{ name: 'all', when: {}, teamId: sales.id, assign: 'queue' }],
      fallbackTeamId: fallback.id,
    });
    sales.active = false;
    fallback.active = false;
    const c = await o.make({ teamId: before.id });
    const result = await reroute(o.agent, c.id);
    expect(result).toMatchObject({ teamId: null, assignedTo: null, rule: null, matchedBy: 'none' });
    expect(result.conversation.row.teamId).toBe(before.id);
  });

  it('assigns only ONLINE members under the capacity (least busy first)', async () => {
    const o = org();
    const [away, full, free] = users(o, 3);
    const support = team(o, { members: [{ userId: away, status: 'AWAY' }, online(full), online(free)] });
    await setRules(o, {
      rules: [{ name: 'support', when: {}, teamId: support.id, assign: 'least_busy' }],
      agentCapacity: 2,
    });
    await o.make({ status: 'HUMAN_HANDLING', assignedTo: full });
    await o.make({ status: 'WAITING_FOR_CUSTOMER', assignedTo: full });
    await o.make({ status: 'CLOSED', assignedTo: free });
    await o.make({ status: 'CLOSED', assignedTo: free });

    const first = await o.make();
    const result = await reroute(o.agent, first.id);
    expect(result).toMatchObject({ teamId: support.id, assignedTo: free });
    expect(result.conversation.row).toMatchObject({ status: 'HUMAN_HANDLING', assignedTo: free });

    // `free` holds one now: still under the capacity of 2.
    expect((await reroute(o.agent, (await o.make()).id)).assignedTo).toBe(free);
    // Everyone ONLINE is full: the team's queue, unassigned and OPEN.
    const queued = await reroute(o.agent, (await o.make()).id);
    expect(queued).toMatchObject({ teamId: support.id, assignedTo: null });
    expect(queued.conversation.row).toMatchObject({ status: 'OPEN', assignedTo: null });
  });

  it('rotates round robin through the members and keeps the position in the database', async () => {
    const o = org();
    const members = users(o, 3);
    const support = team(o, { members: members.map(online) });
    await setRules(o, { rules: [{ name: 'rr', when: {}, teamId: support.id, assign: 'round_robin' }] });
    const picked: (string | null)[] = [];
    for (let i = 0; i < 4; i++) picked.push((await reroute(o.agent, (await o.make()).id)).assignedTo);
    expect(picked).toEqual([members[0], members[1], members[2], members[0]]);
    const [cursor] = await tb.deps.db
      .select()
      .from(routingCursors)
      .where(and(eq(routingCursors.orgId, o.orgId), eq(routingCursors.teamId, support.id)));
    expect(cursor.lastUserId).toBe(members[0]);

    // The next member goes OFFLINE: it is skipped, and the rotation goes on after the one picked.
    support.members = [online(members[0]), { userId: members[1], status: 'OFFLINE' }, online(members[2])];
    expect((await reroute(o.agent, (await o.make()).id)).assignedTo).toBe(members[2]);
  });

  it('never takes a conversation from an agent or from the bot: it sets the team only', async () => {
    const o = org();
    const [agent] = users(o, 1);
    const support = team(o, { members: [online(agent)] });
    await setRules(o, { rules: [{ name: 'rr', when: {}, teamId: support.id, assign: 'round_robin' }] });
    const held = await o.make({ status: 'HUMAN_HANDLING', assignedTo: o.colleague });
    const withBot = await o.make({ status: 'BOT_HANDLING' });

    const heldResult = await reroute(o.agent, held.id);
    expect(heldResult).toMatchObject({ teamId: support.id, assignedTo: null, matchedBy: 'rule' });
    expect(heldResult.conversation.row).toMatchObject({
      status: 'HUMAN_HANDLING',
      assignedTo: o.colleague,
      teamId: support.id,
    });
    const botResult = await reroute(o.agent, withBot.id);
    expect(botResult.assignedTo).toBeNull();
    expect(botResult.conversation.row).toMatchObject({ status: 'BOT_HANDLING', assignedTo: null });
    const types = (await eventsOf(tb, o.orgId)).map((e) => e.type);
    expect(types).not.toContain('conversation.assigned');
    expect(types).not.toContain('conversation.status_changed');
  });

  it('refuses a CLOSED conversation (409) and another organization’s (404)', async () => {
    const o = org();
    const other = org();
    const closed = await o.make({ status: 'CLOSED' });
    expect(await failure(reroute(o.agent, closed.id))).toMatchObject({
      kind: 'conflict',
      code: 'INVALID_TRANSITION',
    });
    const theirs = await other.make();
    expect(await failure(reroute(o.agent, theirs.id))).toMatchObject({ kind: 'not_found' });
    expect(await failure(reroute(o.agent, 'no-such-id'))).toMatchObject({ kind: 'not_found' });
  });
});

describe('planRoute (the bot’s handoff plans with it)', () => {
  it('answers the team’s schedule and reads keywords in the customer’s messages', async () => {
    const o = org();
    const schedule = {
      open: false,
      nextChangeAt: '2026-05-11T14:00:00.000Z',
      timezone: 'America/Mexico_City',
    };
    const returns = team(o, { schedule });
    await setRules(o, {
      rules: [{ name: 'returns', when: { keywords: ['devolución'] }, teamId: returns.id, assign: 'queue' }],
    });
    const c = await o.make({ status: 'BOT_HANDLING' });
    await makeMessage(tb.deps.db, c, { text: 'Quiero hacer una devolucion' });
    await makeMessage(tb.deps.db, c, { direction: 'outbound', sender: 'bot', text: 'devolución?' });
    const config = await loadBotConfig(tb.deps.db, o.orgId);
    const facts = await routeFactsOf(tb.deps, config, c);
    expect(facts).toMatchObject({
      texts: ['Quiero hacer una devolucion'],
      origin: 'CUSTOMER',
      language: 'es',
    });
    expect(await planRoute(tb.deps, config, c, facts)).toEqual({
      teamId: returns.id,
      assignedTo: null,
      rule: 'returns',
      matchedBy: 'rule',
      schedule,
    });
  });
});
