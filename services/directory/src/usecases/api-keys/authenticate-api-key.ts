import { unauthenticated } from '@inbox/platform';
import { apiKeysRepository, type ApiKeyCredential } from '../../db/repositories/api-keys.repository';
import { sha256 } from '../../auth/secrets';
import type { DirectoryDeps } from '../../deps';
import { effectiveKeyRole } from '../../domain/roles';
import type { Role } from '@inbox/contracts';

export interface ApiKeyPrincipal {
  orgId: number;
  kind: 'API_KEY';
  id: string;
  role: string;
  userId: string | null;
  expiresAt: Date | null;
}

/**
 * A key works while it is enabled, unexpired, and its creator (if any) is a user of its
 * organization who has not been deleted. A creator that cannot be found counts as deleted.
 */
export function keyIsUsable(key: ApiKeyCredential, now: Date): boolean {
  if (!key.enabled) return false;
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return false;
  if (key.createdBy !== null && (key.creatorId === null || key.creatorDeletedAt !== null)) return false;
  return true;
}

/**
 * Called by the gateway for an anonymous caller: one message for every refusal, so it reveals
 * nothing. The role answered is the key's effective one (capped by its creator's current role);
 * the gateway drops cached keys when their creator changes (`directory.user.updated.v1`).
 */
export async function authenticateApiKey(deps: DirectoryDeps, key: string): Promise<ApiKeyPrincipal> {
  const found = key ? await apiKeysRepository.findCredential(deps.db, sha256(key)) : undefined;
  if (!found || !keyIsUsable(found, deps.now())) throw unauthenticated('Invalid API key');
  return {
    orgId: found.orgId,
    kind: 'API_KEY',
    id: found.id,
    role: effectiveKeyRole(found.role as Role, found.creatorRole as Role | null),
    userId: found.createdBy,
    expiresAt: found.expiresAt,
  };
}
