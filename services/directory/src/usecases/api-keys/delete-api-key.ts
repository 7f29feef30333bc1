import { isId, notFound, transactThenPublish } from '@inbox/platform';
import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { apiKeysRepository } from '../../db/repositories/api-keys.repository';
import { actorOf, requireAdmin, requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';

/** A hard delete: the key stops working once the gateway sees `directory.api_key.deleted.v1`. */
export async function deleteApiKey(deps: DirectoryDeps, caller: CallerContext, id: string): Promise<void> {
  requireOrganization(caller);
  requireAdmin(caller);
  if (!isId(id)) throw notFound('API key');
  await transactThenPublish(deps, async (tx) => {
    if (!(await apiKeysRepository.delete(tx, caller.orgId, id))) throw notFound('API key');
    await deps.events.record(tx, caller, DIRECTORY_EVENTS.apiKeyDeleted, {
      apiKeyId: id,
      actorId: actorOf(caller),
    });
  });
}
