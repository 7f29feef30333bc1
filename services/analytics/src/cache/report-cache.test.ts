import { createReportCache } from './report-cache';

describe('report cache without Redis', () => {
  it('keeps at most the bound of reports, dropping the oldest written', async () => {
    const { reports, cache } = createReportCache(undefined, { keyPrefix: 'test:', maxEntries: 3 });
    for (const key of ['a', 'b', 'c', 'd']) await reports.set(key, `{"k":"${key}"}`, 60);
    expect(await reports.get('a')).toBeNull();
    expect(await reports.get('d')).toBe('{"k":"d"}');
    expect(cache.kind).toBe('memory');
    await cache.close();
  });
});
