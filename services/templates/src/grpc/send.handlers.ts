import type { TemplatesDeps } from '../deps';
import { sendTemplate } from '../usecases/send/send-template';
import type { TemplatesImpl } from './encode';

/** SendTemplate: the inbox's message passes through as it answered it. */
export const sendHandlers = (deps: TemplatesDeps) =>
  ({
    SendTemplate: async (req, caller) => {
      const to = req.to === 'phone' ? { phone: req.phone } : { conversationId: req.conversationId };
      return sendTemplate(deps, caller, { ...req, ...to });
    },
  }) satisfies Partial<TemplatesImpl>;
