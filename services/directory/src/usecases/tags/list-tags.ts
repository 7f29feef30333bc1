import { tagsRepository, type TagRow } from '../../db/repositories/tags.repository';
import { requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';

export async function listTags(deps: DirectoryDeps, caller: CallerContext): Promise<TagRow[]> {
  requireOrganization(caller);
  return tagsRepository.list(deps.db, caller.orgId);
}
