import { conflict, invalid, isUniqueViolation, newId, transactThenPublish } from '@inbox/platform';
import { DIRECTORY_EVENTS } from '@inbox/contracts';
import { tagsRepository, type TagRow } from '../../db/repositories/tags.repository';
import { actorOf, requireOrganization } from '../../domain/access';
import { paletteColor } from '../../domain/vocabulary';
import type { CallerContext, DirectoryDeps } from '../../deps';

export interface TagInput {
  name: string;
  color: string;
  description?: string | null;
}

export const tagNameTaken = (name: string) =>
  conflict('TAG_NAME_TAKEN', `A tag named "${name}" already exists`);

export function checkedColor(color: string): string {
  const hex = paletteColor(color);
  if (!hex)
    throw invalid('VALIDATION_FAILED', 'The colour is not in the palette', [
      { path: 'color', message: 'Use a colour from GET /tags/colors' },
    ]);
  return hex;
}

export async function createTag(
  deps: DirectoryDeps,
  caller: CallerContext,
  input: TagInput,
): Promise<TagRow> {
  requireOrganization(caller);
  const name = input.name.trim();
  const color = checkedColor(input.color);
  try {
    const tag = await transactThenPublish(deps, async (tx) => {
      if (await tagsRepository.nameTaken(tx, caller.orgId, name)) throw tagNameTaken(name);
      const row = await tagsRepository.insert(tx, {
        id: newId(),
        orgId: caller.orgId,
        name,
        color,
        description: input.description ?? null,
      });
      await deps.events.record(tx, caller, DIRECTORY_EVENTS.tagCreated, {
        tagId: row.id,
        name,
        color,
        actorId: actorOf(caller),
      });
      return row;
    });
    return tag;
  } catch (error) {
    if (isUniqueViolation(error)) throw tagNameTaken(name);
    throw error;
  }
}
