import type { DomainError } from '@inbox/platform';
import { decodeHistoryCursor, encodeHistoryCursor, type HistoryCursor } from './history-cursor';

const progress = {
  status: 'OPEN',
  handedOff: false,
  armed: true,
  assigned: false,
  closed: false,
  lastCustomer: 'm1',
  fallbacks: 1,
  lastAt: '2026-03-01T10:00:00.000Z',
};

const refused = (token: string) => {
  try {
    decodeHistoryCursor(token);
  } catch (e) {
    return (e as DomainError).kind;
  }
  return 'accepted';
};

describe('the history cursor', () => {
  it.each<[string, HistoryCursor]>([
    ['after a conversation', { kind: 'after', conversationId: 'c1' }],
    ['inside one, after its creation', { kind: 'inside', conversationId: 'c1', message: null, progress }],
    [
      'inside one, after a message',
      {
        kind: 'inside',
        conversationId: 'c1',
        message: { conversationId: 'c1', position: '2026-03-01T10:00:00.123456+00:00', messageId: 'm9' },
        progress,
      },
    ],
  ])('%s: comes back as it was', (_name, cursor) => {
    const token = encodeHistoryCursor(cursor);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeHistoryCursor(token)).toEqual(cursor);
  });

  it('the first page has none', () => {
    expect(decodeHistoryCursor('')).toBeNull();
  });

  it('refuses a token it did not issue', () => {
    expect(refused('not a cursor')).toBe('invalid');
    expect(refused(Buffer.from('["c1",null,null,"{}"]').toString('base64url'))).toBe('invalid');
    expect(refused(Buffer.from('[null,null,null,null]').toString('base64url'))).toBe('invalid');
  });
});
