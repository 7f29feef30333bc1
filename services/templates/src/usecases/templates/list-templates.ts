import {
  DEFAULT_TEMPLATE_LIST_STATUSES,
  isTemplateStatus,
  PAGE_SIZE,
  type TemplateStatus,
} from '@inbox/contracts';
import { decodeCursor, encodeCursor, invalid, requireOrganization } from '@inbox/platform';
import { templatesRepository, type TemplateListFilter } from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { viewsOf, type TemplateView } from './template-view';

/** The filters as the caller gives them: no status means APPROVED; empty strings mean no filter. */
export interface TemplateFilterInput {
  status?: readonly string[];
  category?: string;
  folder?: string;
  language?: string;
  search?: string;
}

/** The filters of a list (and of a bulk selection in mode `all`), checked. */
export function checkFilter(filter: TemplateFilterInput = {}, field = 'filter'): TemplateListFilter {
  const statuses = filter.status?.length ? filter.status : DEFAULT_TEMPLATE_LIST_STATUSES;
  const unknown = statuses.filter((s) => !isTemplateStatus(s));
  if (unknown.length > 0)
    throw invalid('VALIDATION_FAILED', 'Unknown template status', [
      { path: `${field}.status`, message: `Unknown status ${unknown.join(', ')}` },
    ]);
  return {
    statuses: [...new Set(statuses as TemplateStatus[])],
    category: filter.category || undefined,
    folder: filter.folder || undefined,
    language: filter.language || undefined,
    search: filter.search?.trim() || undefined,
  };
}

function checkLimit(limit: number | undefined): number {
  if (!limit) return PAGE_SIZE.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_SIZE.max)
    throw invalid('VALIDATION_FAILED', 'The page size is not valid', [
      { path: 'limit', message: `Between 1 and ${PAGE_SIZE.max}` },
    ]);
  return limit;
}

/** Where the page a cursor names starts; a cursor of another list (or forged) is a 400. */
function positionOf(cursor: string) {
  const [name, language, id] = decodeCursor(cursor, 3);
  if (name === null || language === null || id === null)
    throw invalid('VALIDATION_FAILED', 'The cursor is not one this API returned', [
      { path: 'cursor', message: 'Use nextCursor from a previous page' },
    ]);
  return { name, language, id };
}

export interface ListTemplatesQuery {
  filter?: TemplateFilterInput;
  cursor?: string;
  limit?: number;
}

export interface TemplateListPage {
  data: TemplateView[];
  nextCursor: string | null;
}

/** A page of the organization's templates by name, language and id; the cursor is the last row's place. */
export async function listTemplates(
  deps: TemplatesDeps,
  caller: CallerContext,
  query: ListTemplatesQuery,
): Promise<TemplateListPage> {
  requireOrganization(caller);
  const filter = checkFilter(query.filter);
  const limit = checkLimit(query.limit);
  const position = query.cursor ? positionOf(query.cursor) : null;
  const rows = await templatesRepository.page(deps.db, caller.orgId, filter, position, limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: await viewsOf(deps, page),
    nextCursor: rows.length > limit && last ? encodeCursor([last.name, last.language, last.id]) : null,
  };
}
