import { apiKeysRepository, type ApiKeyRow } from '../../db/repositories/api-keys.repository';
import { requireAdmin, requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';

export async function listApiKeys(deps: DirectoryDeps, caller: CallerContext): Promise<ApiKeyRow[]> {
  requireOrganization(caller);
  requireAdmin(caller);
  return apiKeysRepository.list(deps.db, caller.orgId);
}
