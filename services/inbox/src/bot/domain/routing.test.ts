import type { RoutingRule, RoutingRules } from '@inbox/contracts';
import { matchRoute, pickAgent, type PickAgentInput, type RouteFacts } from './routing';

const rule = (name: string, when: RoutingRule['when'], teamId = `team-${name}`): RoutingRule => ({
  name,
  when,
  teamId,
  assign: 'round_robin',
});

const rules: RoutingRules = {
  rules: [
    rule('billing', { categories: ['Facturación'] }),
    rule('refunds', { keywords: ['reembolso', 'refund', 'devolução', 'quiero mi dinero'] }),
    rule('campaign-pt', { origins: ['campaign'], languages: ['pt'] }),
    rule('vip', { categories: ['Ventas'], keywords: ['mayoreo'] }),
    rule('empty-lists', { categories: [], keywords: [], origins: ['ads'] }),
  ],
  fallbackTeamId: 'team-general',
  agentCapacity: 5,
};

const facts = (over: Partial<RouteFacts> = {}): RouteFacts => ({
  category: null,
  texts: [],
  origin: 'whatsapp',
  language: 'es',
  ...over,
});

describe('matchRoute', () => {
  it.each<[string, Partial<RouteFacts>, string | null, string]>([
    ['a category, case and spaces ignored', { category: ' FACTURACIÓN ' }, 'billing', 'rule'],
    [
      'a category written without its accent is another category',
      { category: 'Facturacion' },
      null,
      'fallback',
    ],
    ['an es keyword without accents or case', { texts: ['QUIERO UN REEMBOLSO YA'] }, 'refunds', 'rule'],
    ['an en keyword', { texts: ['hi', 'I want a refund please'] }, 'refunds', 'rule'],
    ['a pt keyword written without accents', { texts: ['quero a devolucao'] }, 'refunds', 'rule'],
    ['a keyword phrase', { texts: ['Quiero mi dinero de vuelta'] }, 'refunds', 'rule'],
    ['a keyword inside a longer word does not match', { texts: ['reembolsos'] }, null, 'fallback'],
    ['origin and language together', { origin: 'campaign', language: 'pt' }, 'campaign-pt', 'rule'],
    ['origin without the language', { origin: 'campaign', language: 'es' }, null, 'fallback'],
    ['origin case ignored', { origin: 'Campaign', language: 'pt' }, 'campaign-pt', 'rule'],
    ['every condition must hold', { category: 'ventas', texts: ['precio de menudeo'] }, null, 'fallback'],
    ['all conditions hold', { category: 'ventas', texts: ['precio de mayoreo'] }, 'vip', 'rule'],
    ['the first matching rule wins', { category: 'Facturación', texts: ['refund'] }, 'billing', 'rule'],
    ['empty condition lists do not constrain', { origin: 'ads' }, 'empty-lists', 'rule'],
    ['no category does not match a category rule', { category: null }, null, 'fallback'],
  ])('%s', (_name, over, ruleName, matchedBy) => {
    const match = matchRoute(rules, facts(over));
    expect(match.rule?.name ?? null).toBe(ruleName);
    expect(match.matchedBy).toBe(matchedBy);
    expect(match.teamId).toBe(ruleName ? `team-${ruleName}` : 'team-general');
    expect(match.assign).toBe(ruleName ? 'round_robin' : 'queue');
  });

  it('without a fallback team, nothing matches to no route', () => {
    expect(matchRoute({ ...rules, fallbackTeamId: null }, facts())).toEqual({
      rule: null,
      teamId: null,
      assign: 'queue',
      matchedBy: 'none',
    });
  });

  it('a rule without conditions matches everything', () => {
    const catchAll = rule('all', {});
    expect(matchRoute({ ...rules, rules: [catchAll] }, facts())).toEqual({
      rule: catchAll,
      teamId: 'team-all',
      assign: 'round_robin',
      matchedBy: 'rule',
    });
  });
});

describe('pickAgent', () => {
  const members = [
    { userId: 'u3', status: 'ONLINE' },
    { userId: 'u1', status: 'ONLINE' },
    { userId: 'u4', status: 'AWAY' },
    { userId: 'u2', status: 'ONLINE' },
    { userId: 'u5', status: 'OFFLINE' },
  ];
  const input = (over: Partial<PickAgentInput>): PickAgentInput => ({
    mode: 'round_robin',
    members,
    openCounts: new Map(),
    capacity: 3,
    lastUserId: null,
    ...over,
  });

  it.each<[string, Partial<PickAgentInput>, string | null]>([
    ['queue picks nobody', { mode: 'queue' }, null],
    ['round robin starts with the first userId', {}, 'u1'],
    ['round robin takes the next after the last', { lastUserId: 'u1' }, 'u2'],
    ['round robin wraps around', { lastUserId: 'u3' }, 'u1'],
    ['round robin skips members not ONLINE', { lastUserId: 'u3', members: [...members.slice(2)] }, 'u2'],
    ['round robin skips a member at capacity', { lastUserId: 'u1', openCounts: new Map([['u2', 3]]) }, 'u3'],
    ['round robin after someone who left', { lastUserId: 'u25' }, 'u3'],
    ['round robin after the last one who left wraps', { lastUserId: 'u9' }, 'u1'],
    ['round robin when the only eligible one was last', { lastUserId: 'u2', members: [members[3]] }, 'u2'],
    [
      'least busy takes the fewest open',
      {
        mode: 'least_busy',
        openCounts: new Map([
          ['u1', 2],
          ['u2', 1],
          ['u3', 2],
        ]),
      },
      'u2',
    ],
    [
      'least busy ties go to the first userId',
      { mode: 'least_busy', openCounts: new Map([['u1', 1]]) },
      'u2',
    ],
    [
      'least busy skips a member at capacity and an AWAY one with none',
      {
        mode: 'least_busy',
        openCounts: new Map([
          ['u1', 3],
          ['u2', 2],
          ['u3', 2],
          ['u4', 0],
        ]),
      },
      'u2',
    ],
    ['nobody ONLINE', { members: [members[2], members[4]] }, null],
    [
      'everyone at capacity',
      {
        openCounts: new Map([
          ['u1', 3],
          ['u2', 4],
          ['u3', 3],
        ]),
      },
      null,
    ],
    ['no members', { members: [], mode: 'least_busy' }, null],
    ['a status in other case still counts', { members: [{ userId: 'x', status: 'online' }] }, 'x'],
  ])('%s', (_name, over, expected) => {
    expect(pickAgent(input(over))).toBe(expected);
  });
});
