import { conflict, requireOrganization, transactThenPublish } from '@inbox/platform';
import { templateLedgerRepository } from '../../db/repositories/template-ledger.repository';
import { templatesRepository, type TemplateRow } from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { headerMediaIdFor } from '../media/link-header-media';
import { sameContent } from '../../domain/edit-budget';
import { nextStatus } from '../../domain/template-lifecycle';
import { callWhatsApp } from './provider-errors';
import { channelOf } from './template-channel';
import { changedFields, recordStatusChange, recordUpdated } from './template-changes';
import { checkTemplateInput, type CheckedTemplate, type TemplateInput } from './template-input';
import { editBudgetOf, findTemplate, lockTemplate, viewOf, type TemplateView } from './template-view';

/** What an edit may change in WhatsApp: components, and the category unless the template is APPROVED. */
function checkEdit(current: TemplateRow, input: TemplateInput): CheckedTemplate {
  if (input.name !== current.name || (input.language && input.language !== current.language))
    throw conflict(
      'NAME_LANGUAGE_FIXED',
      "A template's name and language cannot change; create a new template (or duplicate this one) instead",
    );
  if (input.parameterFormat && input.parameterFormat !== current.parameterFormat)
    throw conflict('PARAMETER_FORMAT_FIXED', "A submitted template's parameter format cannot change");
  const template = checkTemplateInput({
    ...input,
    language: current.language,
    parameterFormat: current.parameterFormat,
  });
  if (current.status === 'APPROVED' && template.category !== current.category)
    throw conflict('CATEGORY_LOCKED', "The category of an approved template can't be changed");
  return template;
}

/** An APPROVED template out of edits: 409 with which limit and when the next edit is allowed. */
async function checkEditBudget(deps: TemplatesDeps, current: TemplateRow): Promise<void> {
  const budget = await editBudgetOf(deps, current);
  if (!budget.next) return;
  const limit = budget.spentToday
    ? 'An approved template can be edited once every 24 hours'
    : 'An approved template can be edited 10 times in 30 days';
  throw conflict('EDIT_LIMIT', `${limit}; the next edit is allowed at ${budget.next.toISOString()}`);
}

/**
 * Edits an APPROVED, REJECTED or PAUSED template in WhatsApp (`POST /{template-id}`); it goes
 * back to PENDING for review. Unchanged content calls nothing and spends no edit; an APPROVED
 * template's budget is checked here before WhatsApp is asked.
 */
export async function editTemplate(
  deps: TemplatesDeps,
  caller: CallerContext,
  id: string,
  input: TemplateInput,
): Promise<TemplateView> {
  requireOrganization(caller);
  const current = await findTemplate(deps.db, caller, id);
  nextStatus(current.status, 'edit');
  const template = checkEdit(current, input);
  if (sameContent(current, template)) return viewOf(deps, current);
  await checkEditBudget(deps, current);
  const providerId = current.providerTemplateId;
  if (!providerId)
    throw conflict('NOT_IN_WHATSAPP', 'This template has no WhatsApp id; sync the templates first');
  const channel = await channelOf(deps, caller);
  const headerMediaId = await headerMediaIdFor(deps.db, caller.orgId, template.components);
  await callWhatsApp(() =>
    deps.whatsappFor(channel).editTemplate(providerId, {
      ...(template.category === current.category ? {} : { category: template.category }),
      components: template.components,
    }),
  );
  const row = await transactThenPublish(deps, async (tx) => {
    const before = await lockTemplate(tx, caller, id);
    const after = await templatesRepository.update(tx, caller.orgId, id, {
      category: template.category,
      components: template.components,
      headerMediaId,
      status: 'PENDING',
      rejectedReason: null,
      rejectionDetails: null,
      updatedAt: deps.now(),
    });
    // The budget counts edits by the status WhatsApp saw when it took them.
    await templateLedgerRepository.addEdit(tx, {
      orgId: caller.orgId,
      templateId: id,
      fromStatus: current.status,
      actorId: caller.userId ?? caller.principalId,
      at: after.updatedAt,
    });
    await recordUpdated(deps, tx, caller, after, changedFields(before, after, ['category', 'components']));
    await recordStatusChange(deps, tx, caller, { before, after, event: 'EDITED' });
    return after;
  });
  return viewOf(deps, row);
}
