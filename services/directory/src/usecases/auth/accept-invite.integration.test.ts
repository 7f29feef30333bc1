import { newId } from '@inbox/platform';
import { openForTestFile } from '@inbox/platform/testing';
import { hashPassword, sha256 } from '../../auth/secrets';
import { users } from '../../db/schema';
import { createDirectoryTestbed } from '../../testing/testbed';
import { acceptInvite } from './accept-invite';

const tb = openForTestFile(createDirectoryTestbed);

async function invite(token: string, expiresInMs = 3_600_000) {
  const id = newId();
  await tb.deps.db.insert(users).values({
    id,
    orgId: 4100,
    email: `${id}@example.test`,
    name: 'Invited',
    role: 'AGENT',
    invitationTokenHash: sha256(token),
    invitationExpiresAt: new Date(Date.now() + expiresInMs),
  });
  return id;
}

it('refuses a made-up token without hashing the password first', async () => {
  // One scrypt hash is tens of milliseconds; ten refusals that each hashed would take ten of them.
  const started = performance.now();
  await hashPassword('a-password-to-time');
  const oneHash = performance.now() - started;
  const refusals = performance.now();
  for (let i = 0; i < 10; i++)
    await expect(acceptInvite(tb.deps, `made-up-${i}`, 'a-good-password')).rejects.toMatchObject({
      code: 'INVALID_INVITATION',
    });
  expect(performance.now() - refusals).toBeLessThan(oneHash * 5);
});

it('accepts a valid invitation once; an expired one is refused', async () => {
  await invite('valid-token');
  const tokens = await acceptInvite(tb.deps, 'valid-token', 'a-good-password');
  expect(tokens.accessToken).toEqual(expect.any(String));
  await expect(acceptInvite(tb.deps, 'valid-token', 'a-good-password')).rejects.toMatchObject({
    code: 'INVALID_INVITATION',
  });
  await invite('expired-token', -1);
  await expect(acceptInvite(tb.deps, 'expired-token', 'a-good-password')).rejects.toMatchObject({
    code: 'INVALID_INVITATION',
  });
});

it('lets only one of two uses of the same link at once set the password', async () => {
  await invite('raced-token');
  const outcomes = await Promise.allSettled([
    acceptInvite(tb.deps, 'raced-token', 'first-password-1'),
    acceptInvite(tb.deps, 'raced-token', 'second-password-2'),
  ]);
  expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
  expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({
    reason: expect.objectContaining({ code: 'INVALID_INVITATION' }),
  });
});
