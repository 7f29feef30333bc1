import { requireOrganization, transactThenPublish } from '@inbox/platform';
import { templateLedgerRepository } from '../../db/repositories/template-ledger.repository';
import { templatesRepository } from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { nextStatus } from '../../domain/template-lifecycle';
import { submitToWhatsApp } from './submit-to-whatsapp';
import { changedFields, recordStatusChange, recordUpdated } from './template-changes';
import { checkTemplateInput } from './template-input';
import { findTemplate, lockTemplate, type TemplateView } from './template-view';

/**
 * Sends a DRAFT to WhatsApp for review; it becomes PENDING with WhatsApp's id and category.
 * The row keeps what was submitted, even if the draft was saved again meanwhile.
 */
export async function submitTemplate(
  deps: TemplatesDeps,
  caller: CallerContext,
  id: string,
): Promise<TemplateView> {
  requireOrganization(caller);
  const draft = await findTemplate(deps.db, caller, id);
  nextStatus(draft.status, 'submit');
  // Checked again: a draft saved before a rule tightened must not reach WhatsApp unchecked.
  const template = checkTemplateInput({
    name: draft.name,
    language: draft.language,
    category: draft.category,
    parameterFormat: draft.parameterFormat,
    components: draft.components,
  });
  const submitted = await submitToWhatsApp(deps, caller, template);
  const row = await transactThenPublish(deps, async (tx) => {
    const before = await lockTemplate(tx, caller, id);
    const after = await templatesRepository.update(tx, caller.orgId, id, {
      ...template,
      ...submitted.patch,
      updatedAt: deps.now(),
    });
    await templateLedgerRepository.addCreation(tx, {
      orgId: caller.orgId,
      wabaId: submitted.wabaId,
      templateId: id,
      at: after.updatedAt,
    });
    await recordStatusChange(deps, tx, caller, { before, after, event: 'SUBMITTED' });
    await recordUpdated(deps, tx, caller, after, changedFields(before, after, ['category', 'components']));
    return after;
  });
  return { row, nextEditAllowedAt: null };
}
