import { z } from 'zod';
import { forbidden, invalid, newId, transactThenPublish } from '@inbox/platform';
import { apiKeysRepository, type ApiKeyRow } from '../../db/repositories/api-keys.repository';
import { newApiKey, sha256 } from '../../auth/secrets';
import { actorOf, requireAdmin, requireOrganization } from '../../domain/access';
import { isStronger } from '../../domain/roles';
import { API_KEY_NAME_MAX, DIRECTORY_EVENTS, ROLES, type Role } from '@inbox/contracts';
import type { CallerContext, DirectoryDeps } from '../../deps';

export interface CreateApiKeyInput {
  name: string;
  role?: string;
  expiresAt?: string;
}

const isoDateTime = z.iso.datetime({ offset: true });

export function checkedKeyName(input: string): string {
  const name = input.trim();
  if (name.length < 1 || name.length > API_KEY_NAME_MAX) {
    throw invalid('VALIDATION_FAILED', 'The name is not valid', [
      { path: 'name', message: `Use 1 to ${API_KEY_NAME_MAX} characters` },
    ]);
  }
  return name;
}

export function checkedKeyRole(input: string): Role {
  const role = ROLES.find((r) => r === input);
  if (!role)
    throw invalid('VALIDATION_FAILED', 'The role is not valid', [
      { path: 'role', message: `Use one of ${ROLES.join(', ')}` },
    ]);
  return role;
}

/** A key never hands out more than its caller has (the caller's role is already effective). */
export function checkedKeyRoleFor(caller: CallerContext, input: string): Role {
  const role = checkedKeyRole(input);
  if (!caller.role || isStronger(role, caller.role))
    throw forbidden(`A caller with the ${caller.role ?? 'no'} role cannot give a key the ${role} role`);
  return role;
}

/** An expiry must be an ISO 8601 date-time in the future: a key born expired is a mistake. */
export function checkedExpiry(input: string, now: Date): Date {
  const at = isoDateTime.safeParse(input).success ? new Date(input) : null;
  if (!at || at.getTime() <= now.getTime()) {
    throw invalid('VALIDATION_FAILED', 'The expiry is not valid', [
      { path: 'expiresAt', message: 'Use an ISO 8601 date-time in the future' },
    ]);
  }
  return at;
}

/** The full key is in this answer only; the database keeps its SHA-256. */
export async function createApiKey(
  deps: DirectoryDeps,
  caller: CallerContext,
  input: CreateApiKeyInput,
): Promise<{ apiKey: ApiKeyRow; key: string }> {
  requireOrganization(caller);
  requireAdmin(caller);
  const name = checkedKeyName(input.name);
  const role = input.role === undefined ? 'AGENT' : checkedKeyRoleFor(caller, input.role);
  const expiresAt = input.expiresAt === undefined ? null : checkedExpiry(input.expiresAt, deps.now());
  const { key, prefix } = newApiKey();
  const apiKey = await transactThenPublish(deps, async (tx) => {
    const row = await apiKeysRepository.insert(tx, {
      id: newId(),
      orgId: caller.orgId,
      name,
      role,
      prefix,
      keyHash: sha256(key),
      expiresAt,
      createdBy: caller.userId,
    });
    await deps.events.record(tx, caller, DIRECTORY_EVENTS.apiKeyCreated, {
      apiKeyId: row.id,
      role,
      actorId: actorOf(caller),
    });
    return row;
  });
  return { apiKey, key };
}
