import { sql } from 'drizzle-orm';
import { openForTestFile } from '@inbox/platform/testing';
import { queryRows } from '@inbox/platform';
import { createAnalyticsTestbed } from './testbed';

const testbed = openForTestFile(createAnalyticsTestbed);

describe('analytics testbed', () => {
  it('has the read models migrated into the analytics schema', async () => {
    const rows = await queryRows<{ table_name: string }>(
      testbed.deps.db,
      sql`select table_name from information_schema.tables where table_schema = 'analytics' order by 1`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['conversations', 'conversation_cycles', 'message_slots', 'processed_events']),
    );
  });

  it('moves the clock when asked and back to the real time', () => {
    testbed.setNow(new Date('2025-03-01T00:00:00Z'));
    expect(testbed.deps.now().toISOString()).toBe('2025-03-01T00:00:00.000Z');
    testbed.setNow(null);
    expect(Math.abs(testbed.deps.now().getTime() - Date.now())).toBeLessThan(5_000);
  });

  it('caches reports as JSON text with an expiry', async () => {
    await testbed.deps.cache.set('1:overview:x', '{"a":1}', 60);
    expect(await testbed.deps.cache.get('1:overview:x')).toBe('{"a":1}');
    expect(await testbed.deps.cache.get('1:overview:y')).toBeNull();
    await testbed.deps.cache.set('1:overview:x', '{"a":1}', 0);
    expect(await testbed.deps.cache.get('1:overview:x')).toBeNull();
  });
});
