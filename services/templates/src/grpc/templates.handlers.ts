import type { TemplatesDeps } from '../deps';
import { bulkTemplates } from '../usecases/templates/bulk-templates';
import { createDraft } from '../usecases/templates/create-draft';
import { createTemplate } from '../usecases/templates/create-template';
import { deleteInProvider } from '../usecases/templates/delete-in-provider';
import { duplicateTemplate } from '../usecases/templates/duplicate-template';
import { editTemplate } from '../usecases/templates/edit-template';
import { getTemplate } from '../usecases/templates/get-template';
import { listTemplates } from '../usecases/templates/list-templates';
import { removeTemplate } from '../usecases/templates/remove-template';
import { setFolder } from '../usecases/templates/set-folder';
import { setInboxCategory } from '../usecases/templates/set-inbox-category';
import { submitTemplate } from '../usecases/templates/submit-template';
import { updateDraft } from '../usecases/templates/update-draft';
import { decodeTemplateInput, encodeTemplate, type TemplatesImpl } from './encode';

const inputOf = (input: Parameters<typeof decodeTemplateInput>[0] | null) =>
  decodeTemplateInput(input ?? { name: '', category: '', componentsJson: '[]' });

/** The template lifecycle: list, read, create, drafts, submit, edit, remove, duplicate, metadata, bulk. */
export const templateHandlers = (deps: TemplatesDeps) =>
  ({
    ListTemplates: async ({ filter, cursor, limit }, caller) => {
      const page = await listTemplates(deps, caller, { filter: filter ?? undefined, cursor, limit });
      return { data: page.data.map(encodeTemplate), nextCursor: page.nextCursor ?? undefined };
    },
    GetTemplate: async ({ id }, caller) => encodeTemplate(await getTemplate(deps, caller, id)),
    CreateTemplate: async (input, caller) =>
      encodeTemplate(await createTemplate(deps, caller, decodeTemplateInput(input))),
    CreateDraft: async (input, caller) =>
      encodeTemplate(await createDraft(deps, caller, decodeTemplateInput(input))),
    UpdateDraft: async ({ id, input }, caller) =>
      encodeTemplate(await updateDraft(deps, caller, id, inputOf(input))),
    SubmitTemplate: async ({ id }, caller) => encodeTemplate(await submitTemplate(deps, caller, id)),
    EditTemplate: async ({ id, input }, caller) =>
      encodeTemplate(await editTemplate(deps, caller, id, inputOf(input))),
    RemoveTemplate: async ({ id }, caller) => encodeTemplate(await removeTemplate(deps, caller, id)),
    DeleteInProvider: async ({ id }, caller) => encodeTemplate(await deleteInProvider(deps, caller, id)),
    DuplicateTemplate: async ({ id }, caller) => encodeTemplate(await duplicateTemplate(deps, caller, id)),
    SetFolder: async ({ id, folder }, caller) => encodeTemplate(await setFolder(deps, caller, id, folder)),
    SetInboxCategory: async ({ id, inboxCategory }, caller) =>
      encodeTemplate(await setInboxCategory(deps, caller, id, inboxCategory)),
    BulkTemplates: async (req, caller) =>
      bulkTemplates(deps, caller, { ...req, filter: req.filter ?? undefined }),
  }) satisfies Partial<TemplatesImpl>;
