import { MAX_BULK } from './bulk';
import { selectBulkIds } from './selection';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`);

describe('selectBulkIds', () => {
  const noList = async () => {
    throw new Error('mode ids lists nothing');
  };

  it('answers the distinct ids of mode ids', async () => {
    expect(await selectBulkIds({ mode: 'ids', ids: ['a', 'b', 'a'] }, noList)).toEqual(['a', 'b']);
  });

  it('asks mode all for one more than the cap, and answers what it listed', async () => {
    const limits: number[] = [];
    const listed = await selectBulkIds({ mode: 'all', ids: [] }, async (limit) => {
      limits.push(limit);
      return ids(3);
    });
    expect(limits).toEqual([MAX_BULK + 1]);
    expect(listed).toEqual(ids(3));
  });

  it.each([
    ['ids', { mode: 'ids', ids: ids(MAX_BULK + 1) }],
    ['ids, duplicates included', { mode: 'ids', ids: Array.from({ length: MAX_BULK + 1 }, () => 'same') }],
    ['all', { mode: 'all', ids: [] }],
  ])(`refuses more than ${MAX_BULK} in mode %s on selection`, async (_mode, selection) => {
    await expect(selectBulkIds(selection, async (limit) => ids(limit))).rejects.toMatchObject({
      kind: 'invalid',
      fields: [{ path: 'selection' }],
    });
  });

  it(`accepts exactly ${MAX_BULK} in mode all`, async () => {
    expect(await selectBulkIds({ mode: 'all', ids: [] }, async () => ids(MAX_BULK))).toHaveLength(MAX_BULK);
  });

  it.each([
    ['no ids in mode ids', { mode: 'ids', ids: [] }, 'selection.ids'],
    ['an unknown mode', { mode: 'some', ids: ['a'] }, 'selection.mode'],
  ])('refuses %s', async (_name, selection, path) => {
    await expect(selectBulkIds(selection, noList)).rejects.toMatchObject({
      kind: 'invalid',
      fields: [{ path }],
    });
  });
});
