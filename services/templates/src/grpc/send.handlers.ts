import type { TemplatesDeps } from '../deps';
import { prepareSends } from '../usecases/send/prepare-sends';
import { sendTemplate } from '../usecases/send/send-template';
import { encodeTemplate, type TemplatesImpl } from './encode';

/** SendTemplate: the inbox's message passes through as it answered it. PrepareSends: campaigns only. */
export const sendHandlers = (deps: TemplatesDeps) =>
  ({
    SendTemplate: async (req, caller) => {
      const to = req.to === 'phone' ? { phone: req.phone } : { conversationId: req.conversationId };
      return sendTemplate(deps, caller, { ...req, ...to });
    },
    PrepareSends: async (req, caller) => {
      const { template, sends } = await prepareSends(deps, caller, {
        templateId: req.templateId,
        language: req.language || undefined,
        parameters: req.parameters ?? [],
      });
      return { template: encodeTemplate(template), sends };
    },
  }) satisfies Partial<TemplatesImpl>;
