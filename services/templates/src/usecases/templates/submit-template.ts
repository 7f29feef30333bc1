import { conflict, isUniqueViolation, requireOrganization, transactThenPublish } from '@inbox/platform';
import { templatesRepository, type TemplateRow } from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { allows, nextStatus } from '../../domain/template-lifecycle';
import { withProviderCallClaim } from './provider-call-claim';
import { submitToWhatsApp, type Submitted } from './submit-to-whatsapp';
import { changedFields, recordStatusChange, recordUpdated } from './template-changes';
import { checkTemplateInput } from './template-input';
import { findTemplate, lockTemplate, type TemplateView } from './template-view';

/** The draft changed (saved, removed, renamed) while WhatsApp was creating it: both now differ. */
const changedWhileSubmitting = (draft: TemplateRow, submitted: Submitted) =>
  conflict(
    'CONCURRENT_CHANGE',
    `The draft changed while WhatsApp was being asked to create it. WhatsApp now has ${draft.name} ` +
      `(${draft.language}, id ${submitted.patch.providerTemplateId}, ${submitted.patch.status}) as it ` +
      'was submitted; sync the templates to see it here.',
  );

/**
 * Sends a DRAFT to WhatsApp for review; it becomes PENDING with WhatsApp's id and category. The
 * draft is re-checked once WhatsApp answered: changed meanwhile (saved again, removed), it is left
 * as it is now and the answer is 409 CONCURRENT_CHANGE, naming what WhatsApp created. A submit
 * already in progress is 409 SUBMIT_IN_PROGRESS, WhatsApp not asked.
 */
export async function submitTemplate(
  deps: TemplatesDeps,
  caller: CallerContext,
  id: string,
): Promise<TemplateView> {
  requireOrganization(caller);
  // Read and checked under the claim: a parallel submit cannot create the template a second time.
  return withProviderCallClaim(deps, caller, id, 'submit', () => submitClaimed(deps, caller, id));
}

async function submitClaimed(deps: TemplatesDeps, caller: CallerContext, id: string): Promise<TemplateView> {
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
  const submitted = await submitToWhatsApp(deps, caller, template, id);
  try {
    const row = await transactThenPublish(deps, async (tx) => {
      const before = await lockTemplate(tx, caller, id);
      if (!allows('submit', before.status) || before.updatedAt.getTime() !== draft.updatedAt.getTime())
        throw changedWhileSubmitting(draft, submitted);
      const after = await templatesRepository.update(tx, caller.orgId, id, {
        ...template,
        ...submitted.patch,
        updatedAt: deps.now(),
      });
      await recordStatusChange(deps, tx, caller, { before, after, event: 'SUBMITTED' });
      await recordUpdated(deps, tx, caller, after, changedFields(before, after, ['category', 'components']));
      return after;
    });
    return { row, nextEditAllowedAt: null };
  } catch (error) {
    // WhatsApp's id already stored on another row (a sync brought the template in meanwhile).
    if (isUniqueViolation(error)) throw changedWhileSubmitting(draft, submitted);
    throw error;
  }
}
