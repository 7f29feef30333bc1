import { slicesHolding, slicesOf } from './publish-slices';

describe('send slices', () => {
  it('cover a campaign in slices of the configured size, the last one shorter', () => {
    expect(slicesOf(250, 100)).toEqual([
      { fromSeq: 0, toSeq: 100 },
      { fromSeq: 100, toSeq: 200 },
      { fromSeq: 200, toSeq: 250 },
    ]);
    expect(slicesOf(0, 100)).toEqual([]);
    expect(slicesOf(3, 1)).toHaveLength(3);
  });

  it('hold the given recipients on the same grid, each slice once and in order', () => {
    expect(slicesHolding([240, 5, 7, 130], 250, 100)).toEqual([
      { fromSeq: 0, toSeq: 100 },
      { fromSeq: 100, toSeq: 200 },
      { fromSeq: 200, toSeq: 250 },
    ]);
    expect(slicesHolding([99, 100], 101, 100)).toEqual([
      { fromSeq: 0, toSeq: 100 },
      { fromSeq: 100, toSeq: 101 },
    ]);
    expect(slicesHolding([300], 250, 100)).toEqual([]);
  });
});
