/** The closed sets of values the directory accepts; the gateway's zod schemas use the same lists. */
export const ROLES = ['ADMIN', 'AGENT'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['ONLINE', 'AWAY', 'BUSY', 'OFFLINE'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const TEAM_ROLES = ['MEMBER', 'LEAD'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

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
