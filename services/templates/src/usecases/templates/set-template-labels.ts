import { requireAdmin, requireOrganization, transactThenPublish } from '@inbox/platform';
import { templatesRepository, type TemplateRow } from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { recordUpdated } from './template-changes';
import { lockTemplate } from './template-view';

/** Local metadata that WhatsApp never sees. */
export type TemplateLabel = 'folder' | 'inboxCategory';

const EVENT_FIELD: Record<TemplateLabel, string> = { folder: 'folder', inboxCategory: 'inbox_category' };

/** Sets one label (Admin); the same value again changes nothing and announces nothing. */
export async function setTemplateLabel(
  deps: TemplatesDeps,
  caller: CallerContext,
  id: string,
  label: TemplateLabel,
  value: string | null,
): Promise<TemplateRow> {
  requireOrganization(caller);
  requireAdmin(caller);
  return transactThenPublish(deps, async (tx) => {
    const before = await lockTemplate(tx, caller, id);
    if (before[label] === value) return before;
    const patch = label === 'folder' ? { folder: value } : { inboxCategory: value };
    const after = await templatesRepository.update(tx, caller.orgId, id, { ...patch, updatedAt: deps.now() });
    await recordUpdated(deps, tx, caller, after, [EVENT_FIELD[label]]);
    return after;
  });
}
