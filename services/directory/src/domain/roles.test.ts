import { effectiveKeyRole, isStronger } from './roles';

describe('effective role of an API key', () => {
  it.each([
    ['ADMIN', 'ADMIN', 'ADMIN'],
    ['ADMIN', 'AGENT', 'AGENT'], // a demoted creator demotes the key
    ['AGENT', 'ADMIN', 'AGENT'], // a key never exceeds its own role
    ['AGENT', 'AGENT', 'AGENT'],
    ['ADMIN', null, 'ADMIN'], // no creator: the key's own role
    ['AGENT', null, 'AGENT'],
  ] as const)('key %s, creator %s → %s', (key, creator, expected) => {
    expect(effectiveKeyRole(key, creator)).toBe(expected);
  });

  it('orders ADMIN above AGENT', () => {
    expect(isStronger('ADMIN', 'AGENT')).toBe(true);
    expect(isStronger('AGENT', 'ADMIN')).toBe(false);
    expect(isStronger('ADMIN', 'ADMIN')).toBe(false);
  });
});
