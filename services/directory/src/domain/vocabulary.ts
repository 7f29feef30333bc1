// Roles, user statuses and team roles are the gateway's too: they live in @inbox/contracts.

/** The fixed tag palette: a tag's colour is one of these hex values. */
export const TAG_PALETTE = [
  { name: 'gray', hex: '#6B7280' },
  { name: 'red', hex: '#EF4444' },
  { name: 'orange', hex: '#F97316' },
  { name: 'amber', hex: '#F59E0B' },
  { name: 'yellow', hex: '#EAB308' },
  { name: 'lime', hex: '#84CC16' },
  { name: 'green', hex: '#22C55E' },
  { name: 'teal', hex: '#14B8A6' },
  { name: 'cyan', hex: '#06B6D4' },
  { name: 'blue', hex: '#3B82F6' },
  { name: 'indigo', hex: '#6366F1' },
  { name: 'violet', hex: '#8B5CF6' },
  { name: 'pink', hex: '#EC4899' },
] as const;

/** Accepts a palette hex in any case, or a palette name; returns the canonical hex or null. */
export function paletteColor(input: string): string | null {
  const value = input.trim().toLowerCase();
  const match = TAG_PALETTE.find((c) => c.hex.toLowerCase() === value || c.name === value);
  return match ? match.hex : null;
}
