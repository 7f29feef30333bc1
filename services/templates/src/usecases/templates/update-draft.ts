import { isUniqueViolation, requireOrganization, transactThenPublish } from '@inbox/platform';
import { templatesRepository } from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { headerMediaIdFor } from '../media/link-header-media';
import { nextStatus } from '../../domain/template-lifecycle';
import { changedFields, recordUpdated } from './template-changes';
import { checkTemplateInput, nameTaken, type TemplateInput } from './template-input';
import { findTemplate, lockTemplate, type TemplateView } from './template-view';

const DRAFT_FIELDS = ['name', 'language', 'category', 'parameterFormat', 'components'] as const;

/** Replaces a DRAFT's content (409 for any other status); a draft may still change its name and language. */
export async function updateDraft(
  deps: TemplatesDeps,
  caller: CallerContext,
  id: string,
  input: TemplateInput,
): Promise<TemplateView> {
  requireOrganization(caller);
  const template = checkTemplateInput(input);
  const current = await findTemplate(deps.db, caller, id);
  nextStatus(current.status, 'update_draft');
  if (await templatesRepository.findLive(deps.db, caller.orgId, template.name, template.language, id))
    throw nameTaken(template.name, template.language);
  const headerMediaId = await headerMediaIdFor(deps.db, caller.orgId, template.components);
  try {
    const row = await transactThenPublish(deps, async (tx) => {
      const before = await lockTemplate(tx, caller, id);
      nextStatus(before.status, 'update_draft');
      const changes = changedFields(before, { ...before, ...template, headerMediaId }, DRAFT_FIELDS);
      // The same content again (a retried save) writes nothing and announces nothing.
      if (changes.length === 0 && before.headerMediaId === headerMediaId) return before;
      const after = await templatesRepository.update(tx, caller.orgId, id, {
        ...template,
        headerMediaId,
        updatedAt: deps.now(),
      });
      await recordUpdated(deps, tx, caller, after, changes);
      return after;
    });
    return { row, nextEditAllowedAt: null };
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(template.name, template.language);
    throw error;
  }
}
