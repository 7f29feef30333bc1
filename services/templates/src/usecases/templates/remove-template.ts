import { requireOrganization, transactThenPublish } from '@inbox/platform';
import { templatesRepository, type TemplateRow } from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { nextStatus } from '../../domain/template-lifecycle';
import { recordRemoved } from './template-changes';
import { lockTemplate, type TemplateView } from './template-view';

/** Marks the template REMOVED here only (WhatsApp keeps it); removing it again changes nothing. */
export async function removeTemplateOf(
  deps: TemplatesDeps,
  caller: CallerContext,
  id: string,
): Promise<TemplateRow> {
  return transactThenPublish(deps, async (tx) => {
    const before = await lockTemplate(tx, caller, id);
    if (before.status === 'REMOVED') return before;
    const after = await templatesRepository.update(tx, caller.orgId, id, {
      status: nextStatus(before.status, 'remove'),
      updatedAt: deps.now(),
    });
    await recordRemoved(deps, tx, caller, { before, after, event: 'REMOVED', inProvider: false });
    return after;
  });
}

export async function removeTemplate(
  deps: TemplatesDeps,
  caller: CallerContext,
  id: string,
): Promise<TemplateView> {
  requireOrganization(caller);
  return { row: await removeTemplateOf(deps, caller, id), nextEditAllowedAt: null };
}
