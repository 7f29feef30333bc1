import jwt from 'jsonwebtoken';
import { requireAdmin, requireOrganization } from './access';
import { serviceCaller, signCallerToken, verifyCallerToken, type CallerContext } from './context';

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
