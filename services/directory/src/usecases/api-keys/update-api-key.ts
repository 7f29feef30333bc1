import { invalid, isId, notFound, transactThenPublish } from '@inbox/platform';
import { DIRECTORY_EVENTS } from '@inbox/contracts';
import {
  apiKeysRepository,
  type ApiKeyPatch,
  type ApiKeyRow,
} from '../../db/repositories/api-keys.repository';
import { actorOf, requireAdmin, requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';
import { checkedExpiry, checkedKeyName, checkedKeyRoleFor } from './create-api-key';

export interface UpdateApiKeyInput {
  name?: string;
  role?: string;
  expiresAt?: string;
  clearExpiry?: boolean;
  enabled?: boolean;
}

function checkedPatch(caller: CallerContext, input: UpdateApiKeyInput, now: Date): ApiKeyPatch {
  if (input.clearExpiry && input.expiresAt !== undefined) {
    throw invalid('VALIDATION_FAILED', 'Set an expiry or clear it, not both', [
      { path: 'expiresAt', message: 'Leave it out when the expiry is cleared' },
    ]);
  }
  const patch: ApiKeyPatch = {};
  if (input.name !== undefined) patch.name = checkedKeyName(input.name);
  if (input.role !== undefined) patch.role = checkedKeyRoleFor(caller, input.role);
  if (input.expiresAt !== undefined) patch.expiresAt = checkedExpiry(input.expiresAt, now);
  if (input.clearExpiry) patch.expiresAt = null;
  if (input.enabled !== undefined) patch.enabled = input.enabled;
  return patch;
}

/** The gateway drops its cached principal for the key when it sees `directory.api_key.updated.v1`. */
export async function updateApiKey(
  deps: DirectoryDeps,
  caller: CallerContext,
  id: string,
  input: UpdateApiKeyInput,
): Promise<ApiKeyRow> {
  requireOrganization(caller);
  requireAdmin(caller);
  const patch = checkedPatch(caller, input, deps.now());
  if (!isId(id)) throw notFound('API key');
  const apiKey = await transactThenPublish(deps, async (tx) => {
    const row = await apiKeysRepository.update(tx, caller.orgId, id, patch);
    if (!row) throw notFound('API key');
    await deps.events.record(tx, caller, DIRECTORY_EVENTS.apiKeyUpdated, {
      apiKeyId: row.id,
      actorId: actorOf(caller),
    });
    return row;
  });
  return apiKey;
}
