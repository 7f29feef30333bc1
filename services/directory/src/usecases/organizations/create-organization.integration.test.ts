import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { createDirectoryTestbed, type DirectoryTestbed } from '../../testing/testbed';
import { createOrganization, PLATFORM_CALLER } from './create-organization';

let tb: DirectoryTestbed;
beforeAll(async () => {
  tb = await createDirectoryTestbed();
});
afterAll(() => tb.close());

describe('creating an organization', () => {
  it('announces its first Admin as a user of that organization, like any user created later', async () => {
    const created = await createOrganization(tb.deps, PLATFORM_CALLER, {
      clientId: 4101,
      name: ' Acme ',
      admin: { email: ' Boss@Acme.test ', name: 'Boss', password: 'a-long-enough-password' },
    });
    const announced = (await tb.recordedEvents()).filter((e) => e.type === DIRECTORY_EVENTS.userCreated);
    expect(announced).toEqual([
      expect.objectContaining({
        orgId: 4101,
        data: {
          userId: created.adminUserId,
          email: 'boss@acme.test',
          name: 'Boss',
          role: 'ADMIN',
          actorId: null,
        },
      }),
    ]);
  });
});
