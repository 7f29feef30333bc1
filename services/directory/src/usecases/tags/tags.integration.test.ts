import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { tagHandlers } from '../../grpc/tags.handlers';
import { createDirectoryTestbed, type DirectoryTestbed } from '../../testing/testbed';
import { listTags } from './list-tags';

let testbed: DirectoryTestbed;
beforeAll(async () => {
  testbed = await createDirectoryTestbed();
});
afterAll(() => testbed?.close());

// Each test works in its own organization, so tests cannot see each other's rows or events.
let lastOrg = 6000;
const newOrg = () => ++lastOrg;

describe('tags over gRPC', () => {
  it('clears the description named in `clear`, and keeps it when the field is only absent', async () => {
    const caller = testbed.caller(newOrg());
    const handlers = tagHandlers(testbed.deps);
    const tag = await handlers.CreateTag(
      { name: 'VIP', color: 'blue', description: 'Top customers' },
      caller,
    );
    expect(tag).toMatchObject({ name: 'VIP', description: 'Top customers' });

    const renamed = await handlers.UpdateTag({ id: tag.id!, name: 'Gold', clear: [] }, caller);
    expect(renamed).toMatchObject({ name: 'Gold', description: 'Top customers' });

    const cleared = await handlers.UpdateTag({ id: tag.id!, clear: ['description'] }, caller);
    expect(cleared).toMatchObject({ name: 'Gold' });
    expect(cleared.description).toBeUndefined();
    expect(await listTags(testbed.deps, caller)).toEqual([
      expect.objectContaining({ id: tag.id, name: 'Gold', description: null }),
    ]);
    const updates = (await testbed.recordedEvents()).filter(
      (e) => e.orgId === caller.orgId && e.type === DIRECTORY_EVENTS.tagUpdated,
    );
    expect(updates).toHaveLength(2);
  });

  it('refuses to clear a field that cannot be null, changing nothing', async () => {
    const caller = testbed.caller(newOrg());
    const handlers = tagHandlers(testbed.deps);
    const tag = await handlers.CreateTag({ name: 'Lead', color: 'green', description: 'New' }, caller);

    for (const field of ['name', 'color', 'nonsense'])
      await expect(handlers.UpdateTag({ id: tag.id!, clear: [field] }, caller)).rejects.toMatchObject({
        kind: 'invalid',
        fields: [{ path: 'clear', message: expect.any(String) }],
      });
    expect(await listTags(testbed.deps, caller)).toEqual([
      expect.objectContaining({ name: 'Lead', description: 'New' }),
    ]);
  });

  it('never clears another organization’s tag', async () => {
    const owner = testbed.caller(newOrg());
    const stranger = testbed.caller(newOrg());
    const handlers = tagHandlers(testbed.deps);
    const tag = await handlers.CreateTag({ name: 'Mine', color: 'red', description: 'Kept' }, owner);

    await expect(handlers.UpdateTag({ id: tag.id!, clear: ['description'] }, stranger)).rejects.toMatchObject(
      {
        kind: 'not_found',
      },
    );
    expect(await listTags(testbed.deps, owner)).toEqual([expect.objectContaining({ description: 'Kept' })]);
  });
});
