import type { Role } from '@inbox/contracts';

// Higher is stronger. A new role gets its place here, and every comparison follows.
const RANK: Record<Role, number> = { AGENT: 0, ADMIN: 1 };

export const isStronger = (role: Role, than: Role): boolean => RANK[role] > RANK[than];

/**
 * What an API key may do: its own role, capped by the current role of the user who created it,
 * so demoting (or promoting back) a user changes their keys with them. A key without a creator
 * (created by the platform) keeps its own role.
 */
export function effectiveKeyRole(keyRole: Role, creatorRole: Role | null): Role {
  if (creatorRole === null) return keyRole;
  return isStronger(keyRole, creatorRole) ? creatorRole : keyRole;
}
