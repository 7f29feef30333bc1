import { conflict, requireOrganization, transactThenPublish } from '@inbox/platform';
import { templateLedgerRepository } from '../../db/repositories/template-ledger.repository';
import { templatesRepository, type TemplateRow } from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { headerMediaIdFor } from '../media/link-header-media';
import { sameContent } from '../../domain/edit-budget';
import { nextStatus, statusAfterEdit } from '../../domain/template-lifecycle';
import { withProviderCallClaim } from './provider-call-claim';
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

/**
 * An APPROVED template out of edits: 409 with which limit and when the next edit is allowed, in
 * words and as problem members (`nextEditAllowedAt`, `editLimit`) with `Retry-After`.
 */
async function checkEditBudget(deps: TemplatesDeps, current: TemplateRow): Promise<void> {
  const budget = await editBudgetOf(deps, current);
  if (!budget.next) return;
  const limit = budget.spentToday
    ? 'An approved template can be edited once every 24 hours'
    : 'An approved template can be edited 10 times in 30 days';
  const next = budget.next.toISOString();
  throw conflict('EDIT_LIMIT', `${limit}; the next edit is allowed at ${next}`, {
    members: { nextEditAllowedAt: next, editLimit: budget.spentToday ? '24_HOURS' : '30_DAYS' },
    retryAt: budget.next,
  });
}

/** Anyone but WhatsApp changed the template while WhatsApp was taking the edit. */
const changedWhileEditing = () =>
  conflict(
    'CONCURRENT_CHANGE',
    'The template changed here while WhatsApp was being asked to edit it. WhatsApp took the edit; ' +
      'sync the templates to see the template as WhatsApp has it.',
  );

/**
 * Stores an edit WhatsApp took, re-checked on the locked row against what was read before the
 * call: the edit counts against the budget either way (WhatsApp spent it); the row changes only if
 * no one but WhatsApp changed it meanwhile, and keeps a status WhatsApp reported since the call.
 */
async function storeEdit(
  deps: TemplatesDeps,
  caller: CallerContext,
  edit: { current: TemplateRow; template: CheckedTemplate; headerMediaId: string | null; calledAt: Date },
): Promise<TemplateRow | null> {
  const { current, template, calledAt } = edit;
  return transactThenPublish(deps, async (tx) => {
    const before = await lockTemplate(tx, caller, current.id);
    const now = deps.now();
    // The budget counts edits by the status WhatsApp saw when it took them.
    await templateLedgerRepository.addEdit(tx, {
      orgId: caller.orgId,
      templateId: current.id,
      fromStatus: current.status,
      actorId: caller.userId ?? caller.principalId,
      at: now,
    });
    const status = statusAfterEdit({
      read: current,
      locked: before,
      calledAt,
      contentChanged: !sameContent(before, current),
    });
    if (status === 'conflict') return null;
    const after = await templatesRepository.update(tx, caller.orgId, current.id, {
      category: template.category,
      components: template.components,
      headerMediaId: edit.headerMediaId,
      status,
      ...(status === 'REJECTED' ? {} : { rejectedReason: null, rejectionDetails: null }),
      // Never earlier than a webhook already stored: a later one about an earlier moment stays stale.
      providerEventAt:
        before.providerEventAt && before.providerEventAt > calledAt ? before.providerEventAt : calledAt,
      updatedAt: now,
    });
    await recordUpdated(deps, tx, caller, after, changedFields(before, after, ['category', 'components']));
    await recordStatusChange(deps, tx, caller, { before, after, event: 'EDITED' });
    return after;
  });
}

/**
 * Edits an APPROVED, REJECTED or PAUSED template in WhatsApp (`POST /{template-id}`); it goes
 * back to PENDING for review. Unchanged content calls nothing and spends no edit; an APPROVED
 * template's budget is checked here before WhatsApp is asked. Changed here while WhatsApp was
 * asked: 409 CONCURRENT_CHANGE (sync). One edit at a time: another edit (or submit) of the template
 * in progress is 409 EDIT_IN_PROGRESS, WhatsApp not asked.
 */
export async function editTemplate(
  deps: TemplatesDeps,
  caller: CallerContext,
  id: string,
  input: TemplateInput,
): Promise<TemplateView> {
  requireOrganization(caller);
  // Read and checked under the claim: a parallel edit cannot pass on what it read before this one.
  return withProviderCallClaim(deps, caller, id, 'edit', () => editClaimed(deps, caller, id, input));
}

async function editClaimed(
  deps: TemplatesDeps,
  caller: CallerContext,
  id: string,
  input: TemplateInput,
): Promise<TemplateView> {
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
  const calledAt = deps.now();
  await callWhatsApp(() =>
    deps.whatsappFor(channel).editTemplate(providerId, {
      ...(template.category === current.category ? {} : { category: template.category }),
      components: template.components,
    }),
  );
  const row = await storeEdit(deps, caller, { current, template, headerMediaId, calledAt });
  if (!row) throw changedWhileEditing();
  return viewOf(deps, row);
}
