import {
  CAMPAIGN_KINDS,
  CAMPAIGN_PAGE_MAX,
  isCampaignStatus,
  RECIPIENTS_PAGE_DEFAULT,
  type CampaignKind,
} from '@inbox/contracts';
import {
  decodeCursor,
  encodeCursor,
  invalid,
  requireOrganization,
  type CallerContext,
} from '@inbox/platform';
import { campaignsRepository, type CampaignListFilter } from '../../db/repositories/campaigns.repository';
import type { CampaignsDeps } from '../../deps';
import { campaignViews, type CampaignView } from './campaign-view';

export interface ListCampaignsQuery {
  cursor?: string;
  /** From 1: page pagination (with a total) instead of a cursor. */
  page?: number;
  limit?: number;
  status?: string;
  kind?: string;
}

export interface CampaignList {
  data: CampaignView[];
  nextCursor: string | null;
  /** Page pagination only. */
  page: number | null;
  limit: number;
  total: number | null;
}

/** The spec's page size of paginated campaign reads. */
const CAMPAIGN_LIST_DEFAULT = RECIPIENTS_PAGE_DEFAULT;

function checkQuery(query: ListCampaignsQuery) {
  const fields = [];
  const limit = query.limit || CAMPAIGN_LIST_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > CAMPAIGN_PAGE_MAX)
    fields.push({ path: 'limit', message: `Between 1 and ${CAMPAIGN_PAGE_MAX}` });
  if (query.page !== undefined && query.page !== 0 && (!Number.isInteger(query.page) || query.page < 1))
    fields.push({ path: 'page', message: 'From 1' });
  if (query.page && query.cursor) fields.push({ path: 'page', message: 'Give a cursor or a page, not both' });
  if (query.status && !isCampaignStatus(query.status))
    fields.push({ path: 'status', message: 'Unknown status' });
  if (query.kind && !(CAMPAIGN_KINDS as readonly string[]).includes(query.kind))
    fields.push({ path: 'kind', message: `One of ${CAMPAIGN_KINDS.join(', ')}` });
  if (fields.length > 0) throw invalid('VALIDATION_FAILED', 'The list query is not valid', fields);
  const filter: CampaignListFilter = {
    status: query.status && isCampaignStatus(query.status) ? query.status : undefined,
    kind: (query.kind || undefined) as CampaignKind | undefined,
  };
  return { limit, filter };
}

function positionOf(cursor: string) {
  const [at, id] = decodeCursor(cursor, 2);
  const createdAt = at === null ? null : new Date(Number(at));
  if (!createdAt || Number.isNaN(createdAt.getTime()) || id === null)
    throw invalid('VALIDATION_FAILED', 'The cursor is not one this API returned', [
      { path: 'cursor', message: 'Use nextCursor from a previous page' },
    ]);
  return { createdAt, id };
}

/** The organization's campaigns, newest first: by cursor, or by page number with the total. */
export async function listCampaigns(
  deps: CampaignsDeps,
  caller: CallerContext,
  query: ListCampaignsQuery,
): Promise<CampaignList> {
  requireOrganization(caller);
  const { limit, filter } = checkQuery(query);
  if (query.page) {
    const [rows, total] = await Promise.all([
      campaignsRepository.pageAt(deps.db, caller.orgId, filter, (query.page - 1) * limit, limit),
      campaignsRepository.count(deps.db, caller.orgId, filter),
    ]);
    return { data: await campaignViews(deps.db, rows), nextCursor: null, page: query.page, limit, total };
  }
  const after = query.cursor ? positionOf(query.cursor) : null;
  const rows = await campaignsRepository.page(deps.db, caller.orgId, filter, after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: await campaignViews(deps.db, page),
    nextCursor: rows.length > limit && last ? encodeCursor([last.createdAt.getTime(), last.id]) : null,
    page: null,
    limit,
    total: null,
  };
}
