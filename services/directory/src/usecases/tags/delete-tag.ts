import { notFound, transactThenPublish } from '@inbox/platform';
import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { tagsRepository } from '../../db/repositories/tags.repository';
import { actorOf, requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';

/** Deletes the tag; the inbox removes it from every conversation when it sees `directory.tag.deleted.v1`. */
export async function deleteTag(deps: DirectoryDeps, caller: CallerContext, id: string): Promise<void> {
  requireOrganization(caller);
  await transactThenPublish(deps, async (tx) => {
    if (!(await tagsRepository.delete(tx, caller.orgId, id))) throw notFound('Tag');
    await deps.events.record(tx, caller, DIRECTORY_EVENTS.tagDeleted, {
      tagId: id,
      actorId: actorOf(caller),
    });
  });
}
