import jwt from 'jsonwebtoken';
import { requireAdmin, requireOrganization } from './access';
import {
  CallerTokenCache,
  callerSecrets,
  serviceCaller,
  signCallerToken,
  verifyCallerToken,
  type CallerContext,
} from './context';

const SECRET = 's'.repeat(40);
const { requestId: _, ...templates } = serviceCaller('templates', 7, 'r0');

it('carries a SERVICE caller through a signed token', () => {
  const token = signCallerToken(SECRET, templates);
  expect(verifyCallerToken(SECRET, token, 'r1')).toEqual<CallerContext>({
    orgId: 7,
    kind: 'SERVICE',
    principalId: 'templates',
    role: null,
    userId: null,
    requestId: 'r1',
  });
});

it('refuses a token whose kind it does not know, even with the right signature', () => {
  const forged = jwt.sign({ org: 7, kind: 'ROOT', sub: 'x', role: 'ADMIN', uid: null }, SECRET, {
    algorithm: 'HS256',
    issuer: 'inbox-gateway',
  });
  expect(() => verifyCallerToken(SECRET, forged, 'r1')).toThrow(
    expect.objectContaining({ kind: 'unauthenticated' }),
  );
});

it('refuses a SERVICE token signed with another secret', () => {
  const token = signCallerToken('o'.repeat(40), templates);
  expect(() => verifyCallerToken(SECRET, token, 'r1')).toThrow(
    expect.objectContaining({ kind: 'unauthenticated' }),
  );
});

it("gives a service none of an organization's user rights", () => {
  const caller = serviceCaller('templates', 7, 'r1');
  expect(() => requireOrganization(caller)).toThrow(expect.objectContaining({ kind: 'forbidden' }));
  expect(() => requireAdmin(caller)).toThrow(expect.objectContaining({ kind: 'forbidden' }));
});

describe('while INTERNAL_AUTH_SECRET is rotated (INTERNAL_AUTH_SECRET_PREVIOUS)', () => {
  const PREVIOUS = 'p'.repeat(40);

  it('accepts a token signed with the previous secret when it is configured, and only then', () => {
    const token = signCallerToken(PREVIOUS, templates);
    expect(verifyCallerToken(callerSecrets(SECRET, PREVIOUS), token, 'r1')).toMatchObject({
      kind: 'SERVICE',
      principalId: 'templates',
    });
    for (const secrets of [SECRET, callerSecrets(SECRET), callerSecrets(SECRET, undefined)])
      expect(() => verifyCallerToken(secrets, token, 'r1')).toThrow(
        expect.objectContaining({ kind: 'unauthenticated' }),
      );
  });

  it('still accepts the current secret, and no third one', () => {
    const secrets = callerSecrets(SECRET, PREVIOUS);
    expect(verifyCallerToken(secrets, signCallerToken(SECRET, templates), 'r1').principalId).toBe(
      'templates',
    );
    expect(() => verifyCallerToken(secrets, signCallerToken('o'.repeat(40), templates), 'r1')).toThrow(
      expect.objectContaining({ kind: 'unauthenticated' }),
    );
  });

  it('signs with the current secret: a process that knows only the new one accepts it', () => {
    const token = new CallerTokenCache(SECRET).tokenFor(templates);
    expect(verifyCallerToken(SECRET, token, 'r1').principalId).toBe('templates');
    expect(() => verifyCallerToken(PREVIOUS, token, 'r1')).toThrow(
      expect.objectContaining({ kind: 'unauthenticated' }),
    );
  });
});
