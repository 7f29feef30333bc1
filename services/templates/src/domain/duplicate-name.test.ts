import { copyBase, freeCopyName } from './duplicate-name';

describe('copyBase', () => {
  it.each<[string, string]>([
    ['promo', 'promo'],
    ['promo_copy', 'promo'],
    ['promo_copy_2', 'promo'],
    ['promo_copy_12', 'promo'],
    ['promo_copy_copy', 'promo_copy'],
    ['promo_copyright', 'promo_copyright'],
    ['_copy', '_copy'],
    ['copy', 'copy'],
  ])('%s → %s', (name, base) => {
    expect(copyBase(name)).toBe(base);
  });
});

describe('freeCopyName', () => {
  it.each<[string, string, string[], string]>([
    ['the first copy', 'promo', [], 'promo_copy'],
    ['the second copy', 'promo', ['promo', 'promo_copy'], 'promo_copy_2'],
    ['the next free number', 'promo', ['promo_copy', 'promo_copy_2', 'promo_copy_3'], 'promo_copy_4'],
    ['a gap is reused', 'promo', ['promo_copy', 'promo_copy_3'], 'promo_copy_2'],
    ['a copy of a copy counts on', 'promo_copy', ['promo', 'promo_copy'], 'promo_copy_2'],
    // What the use case looks up: every live name starting with copyBase('promo_copy_2') = 'promo'.
    ['a copy of copy 2', 'promo_copy_2', ['promo', 'promo_copy', 'promo_copy_2'], 'promo_copy_3'],
    ['a name that only looks like a copy', 'copy', [], 'copy_copy'],
    ['a name that is only the suffix', '_copy', [], '_copy_copy'],
    ['other names do not matter', 'promo', ['promo_2', 'promo_copyright'], 'promo_copy'],
  ])('%s', (_what, name, taken, expected) => {
    expect(freeCopyName(name, new Set(taken))).toBe(expected);
  });

  it('trims a long name so the copy fits 512 characters', () => {
    const name = 'a'.repeat(512);
    expect(freeCopyName(name, new Set())).toBe(`${'a'.repeat(507)}_copy`);
    const second = freeCopyName(name, new Set([`${'a'.repeat(507)}_copy`]));
    expect(second).toBe(`${'a'.repeat(505)}_copy_2`);
    expect(second).toHaveLength(512);
  });

  it('keeps counting past ten', () => {
    const taken = new Set(['x_copy', ...Array.from({ length: 11 }, (_, i) => `x_copy_${i + 2}`)]);
    expect(freeCopyName('x', taken)).toBe('x_copy_13');
  });
});
