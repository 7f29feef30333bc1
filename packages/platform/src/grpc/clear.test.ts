import { clearedFields } from './clear';

describe('clearedFields', () => {
  const clearable = ['description', 'expiresAt'] as const;

  it.each<[string[] | undefined, Record<string, null>]>([
    [[], {}],
    [undefined, {}],
    [['description'], { description: null }],
    [['expires_at'], { expiresAt: null }],
    [['expiresAt', 'description', 'description'], { expiresAt: null, description: null }],
  ])('turns %j into a patch of nulls', (clear, patch) => {
    expect(clearedFields(clear, clearable)).toEqual(patch);
  });

  it.each([['name'], ['Description'], ['']])('refuses %j with a 400 on clear', (name) => {
    expect(() => clearedFields([name], clearable)).toThrow(
      expect.objectContaining({ kind: 'invalid', fields: [{ path: 'clear', message: expect.any(String) }] }),
    );
  });
});
