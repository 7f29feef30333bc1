import { recipientsRepository } from '../../db/repositories/recipients.repository';
import type { CampaignsDeps } from '../../deps';
import { recipientStats, type RecipientStats } from '../../domain/campaign-stats';
import type { CallerContext } from '../../deps';
import type { CampaignRow } from '../../db/repositories/campaigns.repository';
import { findCampaign } from './get-campaign';

export interface CampaignStats extends RecipientStats {
  campaign: CampaignRow;
  /** Failed recipients per WhatsApp (or our) error code, most frequent first. */
  failures: { code: string; title: string; count: number }[];
}

/** One campaign's counts, funnel, rates, failures by code and costs. */
export async function getCampaignStats(
  deps: CampaignsDeps,
  caller: CallerContext,
  id: string,
): Promise<CampaignStats> {
  const campaign = await findCampaign(deps, caller, id);
  const [tallies, failures] = await Promise.all([
    recipientsRepository.tally(deps.db, campaign.id),
    recipientsRepository.failures(deps.db, campaign.id),
  ]);
  return { campaign, ...recipientStats(tallies), failures };
}
