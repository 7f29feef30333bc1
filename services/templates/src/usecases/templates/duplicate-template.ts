import { TEMPLATE_LIMITS } from '@inbox/contracts';
import { DomainError, requireOrganization } from '@inbox/platform';
import { templatesRepository, type TemplateRow } from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { headerMediaIdAfterChange } from '../media/link-header-media';
import { copyBase, freeCopyName } from '../../domain/duplicate-name';
import { storeNewTemplate } from './store-new-template';
import { findTemplate, type TemplateView } from './template-view';

/** Room the copy suffix (`_copy_NNN`) may take: names taken by copies start with the rest of the base. */
const SUFFIX_ROOM = 16;
/** Another copy may take the chosen name between the look-up and the insert: try the next one. */
const ATTEMPTS = 3;

async function storeCopy(
  deps: TemplatesDeps,
  caller: CallerContext,
  source: TemplateRow,
): Promise<TemplateRow> {
  // Copies are numbered from the base (`promo_copy_2` → `promo_copy_3`), so the taken names are the base's.
  const prefix = copyBase(source.name).slice(0, TEMPLATE_LIMITS.name - SUFFIX_ROOM);
  const taken = await templatesRepository.liveNamesStartingWith(deps.db, caller.orgId, prefix);
  return storeNewTemplate(
    deps,
    caller,
    {
      name: freeCopyName(source.name, taken),
      language: source.language,
      category: source.category,
      parameterFormat: source.parameterFormat,
      components: source.components,
      status: 'DRAFT',
      folder: source.folder,
      inboxCategory: source.inboxCategory,
      headerMediaId: await headerMediaIdAfterChange(deps.db, caller.orgId, {
        before: source.components,
        after: source.components,
        current: source.headerMediaId,
      }),
    },
    { event: 'DUPLICATED' },
  );
}

/** A DRAFT copy of any template of the organization, under the first free `<name>_copy[_n]`. */
export async function duplicateTemplate(
  deps: TemplatesDeps,
  caller: CallerContext,
  id: string,
): Promise<TemplateView> {
  requireOrganization(caller);
  const source = await findTemplate(deps.db, caller, id);
  for (let attempt = 1; ; attempt++) {
    try {
      return { row: await storeCopy(deps, caller, source), nextEditAllowedAt: null };
    } catch (error) {
      const lostRace = error instanceof DomainError && error.code === 'TEMPLATE_EXISTS';
      if (!lostRace || attempt >= ATTEMPTS) throw error;
    }
  }
}
