import { actorOf, conflict, requireAdmin, requireOrganization, transactThenPublish } from '@inbox/platform';
import { templateLedgerRepository } from '../../db/repositories/template-ledger.repository';
import { templatesRepository, type TemplateRow } from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { nextStatus } from '../../domain/template-lifecycle';
import { withProviderCallClaim } from './provider-call-claim';
import { callWhatsApp } from './provider-errors';
import { channelOf } from './template-channel';
import { changedBy, recordRemoved } from './template-changes';
import { findTemplate, lockTemplate, type TemplateView } from './template-view';

const DELETED = 'DELETED';
/** The history's reason when a DRAFT is "deleted in WhatsApp": it never was there. */
export const NEVER_IN_WHATSAPP = 'NEVER_IN_WHATSAPP';

/**
 * Marks the template REMOVED after WhatsApp deleted it (`inProvider`), or a DRAFT that WhatsApp
 * never had. One already REMOVED gets a history row only (no status change), so a repeat finds it.
 */
function storeDeleted(
  deps: TemplatesDeps,
  caller: CallerContext,
  id: string,
  read: TemplateRow,
): Promise<TemplateRow> {
  const inProvider = read.status !== 'DRAFT';
  return transactThenPublish(deps, async (tx) => {
    const before = await lockTemplate(tx, caller, id);
    // A draft submitted meanwhile is in WhatsApp now: deleting it only here would lose it.
    if (!inProvider && before.status !== 'DRAFT')
      throw conflict('CONCURRENT_CHANGE', 'The draft was submitted meanwhile; read it and try again');
    const reason = inProvider ? null : NEVER_IN_WHATSAPP;
    if (before.status === 'REMOVED')
      await templateLedgerRepository.addStatusChange(tx, {
        orgId: caller.orgId,
        templateId: id,
        from: 'REMOVED',
        to: 'REMOVED',
        event: DELETED,
        reason,
        by: changedBy(caller),
        actorId: actorOf(caller),
        at: deps.now(),
      });
    const after =
      before.status === 'REMOVED'
        ? before
        : await templatesRepository.update(tx, caller.orgId, id, {
            status: nextStatus(before.status, 'delete_in_provider'),
            updatedAt: deps.now(),
          });
    await recordRemoved(deps, tx, caller, { before, after, event: DELETED, reason, inProvider });
    return after;
  });
}

async function deleteClaimed(deps: TemplatesDeps, caller: CallerContext, id: string): Promise<TemplateView> {
  const current = await findTemplate(deps.db, caller, id);
  if (await templateLedgerRepository.hasEvent(deps.db, caller.orgId, id, DELETED))
    return { row: current, nextEditAllowedAt: null };
  nextStatus(current.status, 'delete_in_provider');
  if (current.status !== 'DRAFT') {
    const hsmId = current.providerTemplateId;
    if (!hsmId)
      throw conflict('NOT_IN_WHATSAPP', 'This template has no WhatsApp id; there is nothing to delete there');
    const channel = await channelOf(deps, caller);
    await callWhatsApp(() =>
      deps.whatsappFor(channel).deleteTemplate(channel.wabaId, { name: current.name, hsmId }),
    );
  }
  return { row: await storeDeleted(deps, caller, id, current), nextEditAllowedAt: null };
}

/**
 * Deletes the template in WhatsApp (Admin), by name AND `hsm_id`: a name alone would delete it in
 * every language. Then it is REMOVED here. A DRAFT was never in WhatsApp: it is REMOVED here
 * without asking WhatsApp (history DELETED, reason NEVER_IN_WHATSAPP). A template already deleted
 * from here answers as it is; one being edited or submitted right now is 409 DELETE_IN_PROGRESS.
 */
export async function deleteInProvider(
  deps: TemplatesDeps,
  caller: CallerContext,
  id: string,
): Promise<TemplateView> {
  requireOrganization(caller);
  requireAdmin(caller);
  return withProviderCallClaim(deps, caller, id, 'delete', () => deleteClaimed(deps, caller, id));
}
