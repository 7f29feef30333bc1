import { clearedFields } from '@inbox/platform';
import type { TagRow } from '../db/repositories/tags.repository';
import { TAG_PALETTE } from '../domain/vocabulary';
import type { DirectoryDeps } from '../deps';
import { createTag } from '../usecases/tags/create-tag';
import { deleteTag } from '../usecases/tags/delete-tag';
import { listTags } from '../usecases/tags/list-tags';
import { updateTag } from '../usecases/tags/update-tag';
import { iso, opt, type DirectoryImpl, type Reply } from './encode';

export const encodeTag = (t: TagRow): Reply<'CreateTag'> => ({
  id: t.id,
  name: t.name,
  color: t.color,
  description: opt(t.description),
  createdAt: iso(t.createdAt),
  updatedAt: iso(t.updatedAt),
});

export const tagHandlers = (deps: DirectoryDeps) =>
  ({
    ListTags: async (_req, caller) => ({ data: (await listTags(deps, caller)).map(encodeTag) }),
    CreateTag: async (req, caller) => encodeTag(await createTag(deps, caller, req)),
    UpdateTag: async ({ id, clear, ...patch }, caller) =>
      encodeTag(await updateTag(deps, caller, id, { ...patch, ...clearedFields(clear, ['description']) })),
    DeleteTag: async ({ id }, caller) => {
      await deleteTag(deps, caller, id);
      return {};
    },
    ListTagColors: async () => ({ data: TAG_PALETTE.map((c) => ({ name: c.name, hex: c.hex })) }),
  }) satisfies Partial<DirectoryImpl>;
