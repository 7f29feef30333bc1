import jwt from 'jsonwebtoken';
import {
  AccessTokenVerifier,
  generateSigningKeys,
  publicKeys,
  signAccessToken,
  verifyAccessToken,
} from './access-tokens';

const keys = generateSigningKeys();
const other = generateSigningKeys();

describe('access tokens', () => {
  it('round-trip the user and organization', () => {
    const token = signAccessToken(keys.privateKeyPem, { userId: 'u1', orgId: 3 }, 60);
    expect(verifyAccessToken(keys.publicKeyPem, token)).toEqual({
      userId: 'u1',
      orgId: 3,
      issuedAt: expect.any(Number),
    });
  });

  it.each([
    ['signed with another key', () => signAccessToken(other.privateKeyPem, { userId: 'u1', orgId: 3 }, 60)],
    ['expired', () => signAccessToken(keys.privateKeyPem, { userId: 'u1', orgId: 3 }, -10)],
    [
      'HS256 with the public key as secret (algorithm confusion)',
      () => jwt.sign({ org: 3, sub: 'u1' }, keys.publicKeyPem, { algorithm: 'HS256' }),
    ],
    ['not a token', () => 'nonsense'],
  ])('refuses a token %s', (_name, make) => {
    expect(() => verifyAccessToken(keys.publicKeyPem, make())).toThrow(
      expect.objectContaining({ kind: 'unauthenticated' }),
    );
    expect(() => new AccessTokenVerifier(keys.publicKeyPem).verify(make())).toThrow(
      expect.objectContaining({ kind: 'unauthenticated' }),
    );
  });
});

describe('while the key pair is rotated (JWT_PREVIOUS_PUBLIC_KEY)', () => {
  const previous = generateSigningKeys();
  const byPrevious = signAccessToken(previous.privateKeyPem, { userId: 'u1', orgId: 3 }, 60);

  it('accepts a token the previous key signed when its public key is configured, and only then', () => {
    const both = publicKeys(keys.publicKeyPem, previous.publicKeyPem);
    expect(verifyAccessToken(both, byPrevious)).toMatchObject({ userId: 'u1', orgId: 3 });
    expect(new AccessTokenVerifier(both).verify(byPrevious)).toMatchObject({ userId: 'u1' });
    for (const current of [keys.publicKeyPem, publicKeys(keys.publicKeyPem)])
      expect(() => new AccessTokenVerifier(current).verify(byPrevious)).toThrow(
        expect.objectContaining({ kind: 'unauthenticated', code: 'UNAUTHENTICATED' }),
      );
  });

  it("accepts the current key's tokens, refuses a third key's, and says when one expired", () => {
    const both = publicKeys(keys.publicKeyPem, previous.publicKeyPem);
    const sign = (pem: string, seconds: number) => signAccessToken(pem, { userId: 'u1', orgId: 3 }, seconds);
    expect(verifyAccessToken(both, sign(keys.privateKeyPem, 60))).toMatchObject({ userId: 'u1' });
    expect(() => verifyAccessToken(both, sign(other.privateKeyPem, 60))).toThrow(
      expect.objectContaining({ code: 'UNAUTHENTICATED' }),
    );
    expect(() => verifyAccessToken(both, sign(previous.privateKeyPem, -10))).toThrow(
      expect.objectContaining({ code: 'TOKEN_EXPIRED' }),
    );
  });
});

describe('AccessTokenVerifier', () => {
  it('remembers a verified token until it expires, and no longer', () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    try {
      const verifier = new AccessTokenVerifier(keys.publicKeyPem);
      const token = signAccessToken(keys.privateKeyPem, { userId: 'u1', orgId: 3 }, 30);
      const spy = jest.spyOn(jwt, 'verify');
      expect(verifier.verify(token)).toEqual({ userId: 'u1', orgId: 3, issuedAt: expect.any(Number) });
      expect(verifier.verify(token)).toEqual({ userId: 'u1', orgId: 3, issuedAt: expect.any(Number) });
      expect(spy).toHaveBeenCalledTimes(1);
      jest.setSystemTime(new Date('2026-01-01T00:00:31Z'));
      expect(() => verifier.verify(token)).toThrow(expect.objectContaining({ kind: 'unauthenticated' }));
      spy.mockRestore();
    } finally {
      jest.useRealTimers();
    }
  });
});
