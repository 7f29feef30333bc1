import { newId, requireOrganization } from '@inbox/platform';
import { templatesRepository } from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { headerMediaIdFor } from '../media/link-header-media';
import { storeNewTemplate } from './store-new-template';
import { submitToWhatsApp } from './submit-to-whatsapp';
import { checkTemplateInput, nameTaken, type TemplateInput } from './template-input';
import type { TemplateView } from './template-view';

/**
 * Creates the template in WhatsApp and stores it as WhatsApp answered (PENDING, its id, its
 * category). Checked first (400), then the name (409), then the WABA's hourly budget (429), then
 * WhatsApp; a refusal there writes nothing. A draft of the same name saved during the call leaves
 * the template in WhatsApp only (409 CREATED_IN_WHATSAPP_ONLY: sync).
 */
export async function createTemplate(
  deps: TemplatesDeps,
  caller: CallerContext,
  input: TemplateInput,
): Promise<TemplateView> {
  requireOrganization(caller);
  const template = checkTemplateInput(input);
  if (await templatesRepository.findLive(deps.db, caller.orgId, template.name, template.language))
    throw nameTaken(template.name, template.language);
  const headerMediaId = await headerMediaIdFor(deps.db, caller.orgId, template.components);
  const id = newId();
  const submitted = await submitToWhatsApp(deps, caller, template, id);
  const row = await storeNewTemplate(
    deps,
    caller,
    {
      name: template.name,
      language: template.language,
      parameterFormat: template.parameterFormat,
      components: template.components,
      headerMediaId,
      ...submitted.patch,
    },
    { event: 'SUBMITTED', id, inWhatsApp: true },
  );
  return { row, nextEditAllowedAt: null };
}
