import { DomainError, encodeCursor } from '@inbox/platform';
import { decodeCampaignPosition, encodeCampaignPosition, type CampaignPosition } from './campaign-cursor';

const ID = '019a0000-0000-7000-8000-000000000001';

describe('the campaigns export cursor', () => {
  it.each<CampaignPosition>([
    { kind: 'after', id: ID },
    { kind: 'inside', id: ID, seq: 0, sent: 0, failed: 0 },
    { kind: 'inside', id: ID, seq: 1000, sent: 600, failed: 400 },
  ])('reads back the position it wrote: %o', (position) => {
    expect(decodeCampaignPosition(encodeCampaignPosition(position))).toEqual(position);
  });

  it('is the first page when empty', () => {
    expect(decodeCampaignPosition('')).toBeNull();
  });

  it.each([
    ['no id', [null, null, null, null]],
    ['an id of another shape', ['campaign-1', null, null, null]],
    ['a number for an id', [42, null, null, null]],
    ['counts after a campaign', [ID, null, 0, 0]],
    ['a position without counts', [ID, 250, null, null]],
    ['a negative position', [ID, -250, 0, 0]],
    ['a position inside a chunk', [ID, 100, 0, 0]],
    ['a fractional count', [ID, 250, 1.5, 0]],
    ['a count as other text', [ID, 250, '1e2', 0]],
    ['more counted than read', [ID, 250, 200, 100]],
    ['an unsafe integer', [ID, 250, 2 ** 60, 0]],
    ['another arity', [ID, 250, 0]],
  ])('refuses %s as invalid on `after`', (_name, parts) => {
    let error: unknown;
    try {
      decodeCampaignPosition(encodeCursor(parts as (string | number | null)[]));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      kind: 'invalid',
      fields: [{ path: 'after', message: expect.any(String) }],
    });
  });
});
