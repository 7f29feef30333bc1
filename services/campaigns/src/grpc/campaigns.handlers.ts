import type { CampaignsDeps } from '../deps';
import type { RecipientInput } from '../domain/recipient-list';
import { cancelCampaign } from '../usecases/campaigns/cancel-campaign';
import { getCampaignStats } from '../usecases/campaigns/campaign-stats';
import { createCampaign } from '../usecases/campaigns/create-campaign';
import { getCampaign } from '../usecases/campaigns/get-campaign';
import { getGlobalStats } from '../usecases/campaigns/global-stats';
import { listCampaigns } from '../usecases/campaigns/list-campaigns';
import { pauseCampaign } from '../usecases/campaigns/pause-campaign';
import { resumeCampaign } from '../usecases/campaigns/resume-campaign';
import { encodeCampaign, encodeRecipient, type CampaignsImpl } from './encode';

/** Parameters that are not JSON reach the recipient check as such (INVALID_PARAMETERS), not a 400 for the list. */
function parametersOf(json: string | undefined): unknown {
  if (json === undefined || json === '') return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return 'not JSON';
  }
}

const decodeRecipients = (list: { phone: string; parametersJson?: string }[] | undefined): RecipientInput[] =>
  (list ?? []).map((r) => ({ phone: r.phone, parameters: parametersOf(r.parametersJson) }));

/** Create, list, get, stats and the lifecycle actions of the caller's organization's campaigns. */
export const campaignHandlers = (deps: CampaignsDeps) =>
  ({
    CreateCampaign: (req, caller) =>
      createCampaign(deps, caller, {
        name: req.name,
        templateId: req.templateId,
        language: req.language || undefined,
        kind: req.kind || undefined,
        scheduledAt: req.scheduledAt || undefined,
        recipients: decodeRecipients(req.recipients),
        questions: (req.questions ?? []).map((q) => ({ text: q.text, options: q.options ?? [] })),
      }),
    ListCampaigns: async (req, caller) => {
      const list = await listCampaigns(deps, caller, {
        cursor: req.cursor || undefined,
        page: req.page || undefined,
        limit: req.limit || undefined,
        status: req.status || undefined,
        kind: req.kind || undefined,
      });
      return {
        data: list.data.map(encodeCampaign),
        nextCursor: list.nextCursor ?? undefined,
        page: list.page ?? 0,
        limit: list.limit,
        total: list.total ?? 0,
      };
    },
    GetCampaign: async (req, caller) => {
      const detail = await getCampaign(deps, caller, req.id, {
        page: req.page || undefined,
        limit: req.limit || undefined,
        status: req.status || undefined,
      });
      return {
        campaign: encodeCampaign(detail.campaign),
        recipients: detail.recipients.map(encodeRecipient),
        page: detail.page,
        limit: detail.limit,
        total: detail.total,
      };
    },
    GetCampaignStats: async (req, caller) => {
      const stats = await getCampaignStats(deps, caller, req.id);
      return {
        campaignId: stats.campaign.id,
        status: stats.campaign.status,
        counts: stats.counts,
        funnel: stats.funnel,
        rates: stats.rates,
        cost: {
          currency: stats.campaign.currency,
          estimated: stats.campaign.estimatedCost,
          actual: stats.actualCost,
        },
        failures: stats.failures,
      };
    },
    GetGlobalStats: async (_req, caller) => {
      const stats = await getGlobalStats(deps, caller);
      return {
        campaigns: stats.campaigns,
        campaignsByStatus: stats.campaignsByStatus,
        funnel: stats.funnel,
        rates: stats.rates,
        cost: { currency: stats.currency, estimated: stats.estimatedCost, actual: stats.actualCost },
      };
    },
    PauseCampaign: async (req, caller) => encodeCampaign(await pauseCampaign(deps, caller, req.id)),
    ResumeCampaign: async (req, caller) => encodeCampaign(await resumeCampaign(deps, caller, req.id)),
    CancelCampaign: async (req, caller) => encodeCampaign(await cancelCampaign(deps, caller, req.id)),
  }) satisfies Partial<CampaignsImpl>;
