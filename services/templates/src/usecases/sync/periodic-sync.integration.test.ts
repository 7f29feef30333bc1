import { syncLeases } from '../../db/schema';
import { eventually, seedSimTemplates, storeSeeded, templateRow } from '../../testing/sync-fixtures';
import { createTemplatesTestbed, openForTestFile } from '../../testing/testbed';
import { runPeriodicPass, startPeriodicSync } from './periodic-sync';

const bed = openForTestFile(createTemplatesTestbed);

describe('periodic sync', () => {
  it('runs on one replica per interval and syncs every organization with a channel, templates here or not', async () => {
    const org = await bed.orgWithChannel();
    // Nothing of it here yet: no template, no sync, no webhook. The inbox lists its channel.
    await seedSimTemplates(org.sim, [{ status: 'APPROVED' }, { status: 'PAUSED' }]);
    const without = bed.orgWithoutChannel();

    const [one, two] = await Promise.all([
      runPeriodicPass(bed.deps, 3_600_000, 'replica-a'),
      runPeriodicPass(bed.deps, 3_600_000, 'replica-b'),
    ]);

    const reports = [one, two].filter((r) => r !== null);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.synced).toContainEqual({
      orgId: org.orgId,
      counts: { created: 2, updated: 0, removed: 0, unchanged: 0, skipped: 0 },
    });
    const covered = [...(reports[0]?.synced ?? []), ...(reports[0]?.skipped ?? [])].map((r) => r.orgId);
    expect(covered).not.toContain(without.orgId);
    expect(await runPeriodicPass(bed.deps, 3_600_000, 'replica-a')).toBeNull();
  });

  it('runs by itself every interval until stopped', async () => {
    const org = await bed.orgWithChannel();
    const [seeded] = await seedSimTemplates(org.sim, [{ status: 'APPROVED' }]);
    const stale = await storeSeeded(bed.database.db, org.orgId, seeded, { status: 'PENDING' });
    // The lease of the pass above would hold this round off for an hour.
    await bed.database.db.delete(syncLeases);

    const periodic = startPeriodicSync(bed.deps, 1);
    try {
      await eventually(
        () => templateRow(bed.database.db, stale.id),
        (row) => row.status === 'APPROVED',
      );
    } finally {
      await periodic.stop();
    }
  });
});
