import type { Request } from 'express';
import { createRateLimiter, generateSigningKeys, MemoryCache, signAccessToken } from '@inbox/platform';
import type { DirectoryApi } from '../clients';
import type { ApiKeyUsageRecorder } from './api-key-usage';
import { Authenticator } from './authenticator';

/**
 * The directory stand-in answers when the test says so: the race under test is an answer that
 * is already on its way while a role change is announced.
 */
function directoryAnswering() {
  const pending: Array<(role: string) => void> = [];
  let calls = 0;
  const directory = {
    anonymous: () => {
      calls++;
      return new Promise((resolve) =>
        pending.push((role) =>
          resolve({ orgId: 1, kind: 'API_KEY', id: 'key-1', role, userId: 'creator-1' }),
        ),
      );
    },
  } as unknown as DirectoryApi;
  return { directory, answer: (role: string) => pending.shift()!(role), calls: () => calls };
}

const request = {
  ip: '127.0.0.1',
  get: (name: string) => (name === 'x-api-key' ? 'ibx_abc_secret' : undefined),
};
/** An Authenticator in front of `directory`, with a memory cache of its own. */
const authenticatorOf = (directory: DirectoryApi) => {
  const cache = new MemoryCache();
  return new Authenticator({
    cache,
    rateLimiter: createRateLimiter(cache),
    directory,
    publicKeyPem: generateSigningKeys().publicKeyPem,
    usage: { used: () => undefined } as unknown as ApiKeyUsageRecorder,
    limits: { RATE_LIMIT_PER_MINUTE: 600, AUTH_FAILURES_PER_IP: 30, AUTH_FAILURE_WINDOW_SECONDS: 300 },
  });
};
const admit = (authenticator: Authenticator) =>
  authenticator.admit(request as unknown as Request, 'r1', false);

it('never trusts a principal whose lookup was on its way when its creator was demoted', async () => {
  const { directory, answer, calls } = directoryAnswering();
  const authenticator = authenticatorOf(directory);

  const first = admit(authenticator);
  await new Promise((resolve) => setImmediate(resolve)); // the lookup is now in flight
  await authenticator.forgetUser(1, 'creator-1'); // the demotion is announced meanwhile
  answer('ADMIN'); // ...and the answer from before the demotion arrives after it
  expect((await first).role).toBe('ADMIN');

  const second = admit(authenticator);
  await new Promise((resolve) => setImmediate(resolve));
  expect(calls()).toBe(2); // the answer cached after the change was not trusted
  answer('AGENT');
  expect((await second).role).toBe('AGENT');
  expect((await admit(authenticator)).role).toBe('AGENT'); // and the new one is cached
  expect(calls()).toBe(2);
});

it('admits only users and API keys, whatever kind a directory answer claims', async () => {
  const directory = {
    anonymous: async () => ({ orgId: 1, kind: 'SERVICE', id: 'templates', role: 'ADMIN' }),
  } as unknown as DirectoryApi;
  const authenticator = authenticatorOf(directory);
  await expect(admit(authenticator)).rejects.toMatchObject({ kind: 'unauthenticated' });
});

describe('while the token key pair is rotated (JWT_PREVIOUS_PUBLIC_KEY)', () => {
  const current = generateSigningKeys();
  const previous = generateSigningKeys();
  const directory = {
    anonymous: async () => ({ orgId: 3, kind: 'USER', id: 'u1', role: 'AGENT', userId: 'u1' }),
  } as unknown as DirectoryApi;
  const withKeys = (previousPublicKeyPem?: string) => {
    const cache = new MemoryCache();
    return new Authenticator({
      cache,
      rateLimiter: createRateLimiter(cache),
      directory,
      publicKeyPem: current.publicKeyPem,
      previousPublicKeyPem,
      usage: { used: () => undefined } as unknown as ApiKeyUsageRecorder,
      limits: { RATE_LIMIT_PER_MINUTE: 600, AUTH_FAILURES_PER_IP: 30, AUTH_FAILURE_WINDOW_SECONDS: 300 },
    });
  };
  const bearer = (token: string) =>
    ({
      ip: '127.0.0.1',
      get: (name: string) => (name === 'authorization' ? `Bearer ${token}` : undefined),
    }) as unknown as Request;
  /** A token the directory signed before its private key changed. */
  const signedBefore = signAccessToken(previous.privateKeyPem, { userId: 'u1', orgId: 3 }, 900);

  it('admits a token the previous key signed when the previous public key is configured', async () => {
    await expect(
      withKeys(previous.publicKeyPem).admit(bearer(signedBefore), 'r1', false),
    ).resolves.toMatchObject({
      orgId: 3,
      kind: 'USER',
      id: 'u1',
    });
  });

  it("refuses it without the previous public key, and admits the new key's tokens either way", async () => {
    await expect(withKeys().admit(bearer(signedBefore), 'r1', false)).rejects.toMatchObject({
      kind: 'unauthenticated',
      code: 'UNAUTHENTICATED',
    });
    const signedAfter = signAccessToken(current.privateKeyPem, { userId: 'u1', orgId: 3 }, 900);
    for (const authenticator of [withKeys(), withKeys(previous.publicKeyPem)])
      await expect(authenticator.admit(bearer(signedAfter), 'r1', false)).resolves.toMatchObject({
        id: 'u1',
      });
  });
});
