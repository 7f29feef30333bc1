import { actorOf, conflict, requireAdmin, requireOrganization, transactThenPublish } from '@inbox/platform';
import { templateLedgerRepository } from '../../db/repositories/template-ledger.repository';
import { templatesRepository } from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { nextStatus } from '../../domain/template-lifecycle';
import { callWhatsApp } from './provider-errors';
import { channelOf } from './template-channel';
import { changedBy, recordRemoved } from './template-changes';
import { findTemplate, lockTemplate, type TemplateView } from './template-view';

const DELETED = 'DELETED';

/**
 * Deletes the template in WhatsApp (Admin), by name AND `hsm_id`: a name alone would delete it in
 * every language. Then it is REMOVED here. A template already deleted from here answers as it is.
 */
export async function deleteInProvider(
  deps: TemplatesDeps,
  caller: CallerContext,
  id: string,
): Promise<TemplateView> {
  requireOrganization(caller);
  requireAdmin(caller);
  const current = await findTemplate(deps.db, caller, id);
  if (await templateLedgerRepository.hasEvent(deps.db, caller.orgId, id, DELETED))
    return { row: current, nextEditAllowedAt: null };
  nextStatus(current.status, 'delete_in_provider');
  const hsmId = current.providerTemplateId;
  if (!hsmId)
    throw conflict('NOT_IN_WHATSAPP', 'This template has no WhatsApp id; there is nothing to delete there');
  const channel = await channelOf(deps, caller);
  await callWhatsApp(() =>
    deps.whatsappFor(channel).deleteTemplate(channel.wabaId, { name: current.name, hsmId }),
  );
  const row = await transactThenPublish(deps, async (tx) => {
    const before = await lockTemplate(tx, caller, id);
    if (before.status === 'REMOVED')
      // No status change, but the history says it is gone from WhatsApp (and a repeat finds that).
      await templateLedgerRepository.addStatusChange(tx, {
        orgId: caller.orgId,
        templateId: id,
        from: 'REMOVED',
        to: 'REMOVED',
        event: DELETED,
        reason: null,
        by: changedBy(caller),
        actorId: actorOf(caller),
        at: deps.now(),
      });
    const after =
      before.status === 'REMOVED'
        ? before
        : await templatesRepository.update(tx, caller.orgId, id, {
            status: 'REMOVED',
            updatedAt: deps.now(),
          });
    await recordRemoved(deps, tx, caller, { before, after, event: DELETED, inProvider: true });
    return after;
  });
  return { row, nextEditAllowedAt: null };
}
