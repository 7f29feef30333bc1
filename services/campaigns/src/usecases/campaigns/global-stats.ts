import { CAMPAIGN_STATUSES, type CampaignStatus } from '@inbox/contracts';
import { requireOrganization, type CallerContext } from '@inbox/platform';
import { campaignsRepository } from '../../db/repositories/campaigns.repository';
import { recipientsRepository } from '../../db/repositories/recipients.repository';
import type { CampaignsDeps } from '../../deps';
import { recipientStats, roundMoney, type RecipientStats } from '../../domain/campaign-stats';

export interface GlobalStats extends RecipientStats {
  campaigns: number;
  /** Every status, zero included. */
  campaignsByStatus: Record<CampaignStatus, number>;
  currency: string;
  estimatedCost: number;
}

/** Every campaign of the organization: how many per status, and their recipients' funnel, rates and costs. */
export async function getGlobalStats(deps: CampaignsDeps, caller: CallerContext): Promise<GlobalStats> {
  requireOrganization(caller);
  const [byStatus, tallies] = await Promise.all([
    campaignsRepository.tallyByStatus(deps.db, caller.orgId),
    recipientsRepository.orgTally(deps.db, caller.orgId),
  ]);
  const campaignsByStatus = Object.fromEntries(CAMPAIGN_STATUSES.map((s) => [s, 0])) as Record<
    CampaignStatus,
    number
  >;
  for (const row of byStatus) campaignsByStatus[row.status] = row.campaigns;
  return {
    campaigns: byStatus.reduce((a, r) => a + r.campaigns, 0),
    campaignsByStatus,
    currency: deps.pricing.card.currency,
    estimatedCost: roundMoney(byStatus.reduce((a, r) => a + r.estimated, 0)),
    ...recipientStats(tallies),
  };
}
