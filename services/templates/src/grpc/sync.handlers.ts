import type { TemplatesDeps } from '../deps';
import { syncTemplates } from '../usecases/sync/sync-templates';
import type { TemplatesImpl } from './encode';

/** SyncTemplates: the caller's organization against WhatsApp's listing. */
export const syncHandlers = (deps: TemplatesDeps) =>
  ({
    SyncTemplates: (_request, caller) => syncTemplates(deps, caller),
  }) satisfies Partial<TemplatesImpl>;
