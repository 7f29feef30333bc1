import { requireOrganization } from '@inbox/platform';
import { templatesRepository } from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { headerMediaIdFor } from '../media/link-header-media';
import { storeNewTemplate } from './store-new-template';
import { checkTemplateInput, nameTaken, type TemplateInput } from './template-input';
import type { TemplateView } from './template-view';

/**
 * A local DRAFT, checked by WhatsApp's rules like a creation (a draft can always be submitted as
 * far as this service can tell). Its (name, language) is taken as for any live template.
 */
export async function createDraft(
  deps: TemplatesDeps,
  caller: CallerContext,
  input: TemplateInput,
): Promise<TemplateView> {
  requireOrganization(caller);
  const template = checkTemplateInput(input);
  if (await templatesRepository.findLive(deps.db, caller.orgId, template.name, template.language))
    throw nameTaken(template.name, template.language);
  const row = await storeNewTemplate(
    deps,
    caller,
    {
      name: template.name,
      language: template.language,
      category: template.category,
      parameterFormat: template.parameterFormat,
      components: template.components,
      status: 'DRAFT',
      headerMediaId: await headerMediaIdFor(deps.db, caller.orgId, template.components),
    },
    { event: 'CREATED' },
  );
  return { row, nextEditAllowedAt: null };
}
