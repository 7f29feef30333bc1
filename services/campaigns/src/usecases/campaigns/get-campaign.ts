import {
  CAMPAIGN_PAGE_MAX,
  RECIPIENT_STATUSES,
  RECIPIENTS_PAGE_DEFAULT,
  type RecipientStatus,
} from '@inbox/contracts';
import { invalid, isId, notFound, requireOrganization, type CallerContext } from '@inbox/platform';
import { campaignsRepository, type CampaignRow } from '../../db/repositories/campaigns.repository';
import { recipientsRepository, type RecipientRow } from '../../db/repositories/recipients.repository';
import type { CampaignsDeps } from '../../deps';
import { storedStatusesOf } from '../../domain/recipient-status';
import { campaignView, type CampaignView } from './campaign-view';

export interface GetCampaignQuery {
  /** From 1 (0: 1). */
  page?: number;
  /** 0: 25. */
  limit?: number;
  /** A recipient status; unset or "all": every one. */
  status?: string;
}

export interface CampaignDetail {
  campaign: CampaignView;
  recipients: RecipientRow[];
  page: number;
  limit: number;
  /** Recipients matching the status filter. */
  total: number;
}

/** The caller's campaign; another organization's (or no such id) is a 404. */
export async function findCampaign(
  deps: CampaignsDeps,
  caller: CallerContext,
  id: string,
): Promise<CampaignRow> {
  requireOrganization(caller);
  const row = isId(id) ? await campaignsRepository.byId(deps.db, caller.orgId, id) : undefined;
  if (!row) throw notFound('Campaign');
  return row;
}

function checkQuery(query: GetCampaignQuery) {
  const page = query.page || 1;
  const limit = query.limit || RECIPIENTS_PAGE_DEFAULT;
  const fields = [];
  if (!Number.isInteger(page) || page < 1) fields.push({ path: 'page', message: 'From 1' });
  if (!Number.isInteger(limit) || limit < 1 || limit > CAMPAIGN_PAGE_MAX)
    fields.push({ path: 'limit', message: `Between 1 and ${CAMPAIGN_PAGE_MAX}` });
  const status = query.status && query.status !== 'all' ? query.status : undefined;
  if (status && !(RECIPIENT_STATUSES as readonly string[]).includes(status))
    fields.push({ path: 'status', message: `all or one of ${RECIPIENT_STATUSES.join(', ')}` });
  if (fields.length > 0) throw invalid('VALIDATION_FAILED', 'The query is not valid', fields);
  return { page, limit, statuses: status ? storedStatusesOf(status as RecipientStatus) : null };
}

/** A campaign with a page of its recipients in list order, optionally of one (API) status. */
export async function getCampaign(
  deps: CampaignsDeps,
  caller: CallerContext,
  id: string,
  query: GetCampaignQuery = {},
): Promise<CampaignDetail> {
  const { page, limit, statuses } = checkQuery(query);
  const row = await findCampaign(deps, caller, id);
  const [campaign, recipients, total] = await Promise.all([
    campaignView(deps.db, row),
    recipientsRepository.page(deps.db, row.id, statuses, (page - 1) * limit, limit),
    recipientsRepository.count(deps.db, row.id, statuses),
  ]);
  return { campaign, recipients, page, limit, total };
}
