import type { DomainError } from '@inbox/platform';
import { agent, BEFORE, conversation, msg, texts, unitOf } from '../../testing/history-builders';
import { decodeHistoryCursor, encodeHistoryCursor, type HistoryCursor } from './history-cursor';
import { startUnit } from './unit-events';
import { planUnit } from './unit-plan';

const plan = planUnit(
  unitOf(conversation({ category: 'Ventas', categorySource: 'ai', categoryConfidence: 0.7 }), [
    msg('10:00'),
    agent('10:05'),
  ]),
  texts,
  BEFORE,
);
const { progress } = startUnit(plan);
const before = BEFORE.toISOString();
const inside = (over: Record<string, unknown> = {}) => ({
  kind: 'inside',
  before,
  plan,
  message: { position: '2026-03-01T10:00:00.123456+00:00', messageId: 'm9' },
  progress,
  ...over,
});

const token = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const refused = (value: string) => {
  try {
    decodeHistoryCursor(value, BEFORE);
  } catch (e) {
    return `${(e as DomainError).kind}:${(e as DomainError).code}`;
  }
  return 'accepted';
};

describe('the history cursor', () => {
  it.each<[string, HistoryCursor]>([
    ['after a conversation', { kind: 'after', before, conversationId: 'c1' }],
    ['inside one, after its creation', { kind: 'inside', before, plan, message: null, progress }],
    ['inside one, after a message', inside() as HistoryCursor],
  ])('%s: comes back as it was', (_name, cursor) => {
    const encoded = encodeHistoryCursor(cursor);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeHistoryCursor(encoded, BEFORE)).toEqual(cursor);
  });

  it('the first page has none', () => {
    expect(decodeHistoryCursor('', BEFORE)).toBeNull();
  });

  it.each<[string, string]>([
    ['not base64url', 'not a cursor'],
    ['not JSON', Buffer.from('{"kind":').toString('base64url')],
    ['another shape', token(['c1', null, null, '{}'])],
    ['no conversation', token({ kind: 'after', before, conversationId: '' })],
    [
      'another export’s cutoff',
      token({ kind: 'after', before: '2026-03-02T00:00:00.000Z', conversationId: 'c1' }),
    ],
    ['a position that is not a time', token(inside({ message: { position: 'yesterday', messageId: 'm9' } }))],
    [
      'a position on a day that does not exist',
      token(inside({ message: { position: '2026-02-30T10:00:00+00:00', messageId: 'm9' } })),
    ],
    [
      'a position past year 9999',
      token(inside({ message: { position: '+010000-01-01T00:00:00Z', messageId: 'm9' } })),
    ],
    ['a bad time in the plan', token(inside({ plan: { ...plan, createdAt: '2026-03-01T25:00:00Z' } }))],
    ['a bad time in the progress', token(inside({ progress: { ...progress, lastAt: 'now' } }))],
    ['an unknown status', token(inside({ progress: { ...progress, replayed: 'SLEEPING' } }))],
    ['a field it never writes', token(inside({ plan: { ...plan, extra: 1 } }))],
    ['a missing field', token(inside({ plan: { ...plan, texts: { ...plan.texts, language: undefined } } }))],
    ['too long', 'a'.repeat(70_000)],
  ])('refuses %s: a 400, never a query with it', (_name, value) => {
    expect(refused(value)).toBe('invalid:INVALID_AFTER');
  });
});
