import { isUniqueViolation, notFound, transactThenPublish } from '@inbox/platform';
import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { tagsRepository, type TagRow } from '../../db/repositories/tags.repository';
import { actorOf, requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';
import { checkedColor, tagNameTaken, type TagInput } from './create-tag';

export async function updateTag(
  deps: DirectoryDeps,
  caller: CallerContext,
  id: string,
  patch: Partial<TagInput>,
): Promise<TagRow> {
  requireOrganization(caller);
  const name = patch.name?.trim();
  const color = patch.color === undefined ? undefined : checkedColor(patch.color);
  try {
    const tag = await transactThenPublish(deps, async (tx) => {
      if (name !== undefined && (await tagsRepository.nameTaken(tx, caller.orgId, name, id)))
        throw tagNameTaken(name);
      const row = await tagsRepository.update(tx, caller.orgId, id, {
        name,
        color,
        description: patch.description,
      });
      if (!row) throw notFound('Tag');
      await deps.events.record(tx, caller, DIRECTORY_EVENTS.tagUpdated, {
        tagId: row.id,
        name: row.name,
        color: row.color,
        actorId: actorOf(caller),
      });
      return row;
    });
    return tag;
  } catch (error) {
    if (isUniqueViolation(error)) throw tagNameTaken(name ?? '');
    throw error;
  }
}
