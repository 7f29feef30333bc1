import { DomainError } from '@inbox/platform';
import type { TemplatesDeps } from '../deps';
import type { TemplatesImpl } from './encode';

/** SyncTemplates. Slot filled by the sync work. */
export const syncHandlers = (_deps: TemplatesDeps) =>
  ({
    SyncTemplates: async () => {
      throw new DomainError('unavailable', 'NOT_IMPLEMENTED', 'Template sync is not available yet');
    },
  }) satisfies Partial<TemplatesImpl>;
