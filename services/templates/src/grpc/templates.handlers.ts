import { DomainError } from '@inbox/platform';
import type { TemplatesDeps } from '../deps';
import type { TemplatesImpl } from './encode';

const pending = async (): Promise<never> => {
  throw new DomainError('unavailable', 'NOT_IMPLEMENTED', 'Not available yet');
};

/** The template lifecycle: list, read, create, drafts, submit, edit, remove, duplicate, metadata, bulk. */
export const templateHandlers = (_deps: TemplatesDeps) =>
  ({
    ListTemplates: pending,
    GetTemplate: pending,
    CreateTemplate: pending,
    CreateDraft: pending,
    UpdateDraft: pending,
    SubmitTemplate: pending,
    EditTemplate: pending,
    RemoveTemplate: pending,
    DeleteInProvider: pending,
    DuplicateTemplate: pending,
    SetFolder: pending,
    SetInboxCategory: pending,
    BulkTemplates: pending,
  }) satisfies Partial<TemplatesImpl>;
