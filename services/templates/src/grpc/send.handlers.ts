import { DomainError } from '@inbox/platform';
import type { TemplatesDeps } from '../deps';
import type { TemplatesImpl } from './encode';

/** SendTemplate. Slot filled by the template-send work. */
export const sendHandlers = (_deps: TemplatesDeps) =>
  ({
    SendTemplate: async () => {
      throw new DomainError('unavailable', 'NOT_IMPLEMENTED', 'Template sends are not available yet');
    },
  }) satisfies Partial<TemplatesImpl>;
