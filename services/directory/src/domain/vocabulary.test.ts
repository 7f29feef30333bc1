import { paletteColor, TAG_PALETTE } from './vocabulary';

describe('tag palette', () => {
  it.each([
    ['#3b82f6', '#3B82F6'],
    ['#3B82F6', '#3B82F6'],
    ['blue', '#3B82F6'],
    [' Red ', '#EF4444'],
  ])('accepts %s as %s', (input, hex) => expect(paletteColor(input)).toBe(hex));

  it.each(['#123456', 'magenta', '', 'rgb(0,0,0)'])('refuses %s', (input) =>
    expect(paletteColor(input)).toBeNull(),
  );

  it('has unique names and colours', () => {
    expect(new Set(TAG_PALETTE.map((c) => c.name)).size).toBe(TAG_PALETTE.length);
    expect(new Set(TAG_PALETTE.map((c) => c.hex)).size).toBe(TAG_PALETTE.length);
  });
});
