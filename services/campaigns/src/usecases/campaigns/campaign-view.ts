import type { Db } from '@inbox/platform';
import type { CampaignRow } from '../../db/repositories/campaigns.repository';
import { recipientsRepository } from '../../db/repositories/recipients.repository';
import { recipientStats, type RecipientStats, type Tally } from '../../domain/campaign-stats';

/** A campaign as the API shows it: the row and its recipients' statistics. */
export interface CampaignView {
  row: CampaignRow;
  stats: RecipientStats;
}

/** A campaign just created: every recipient PENDING. */
export const newCampaignView = (row: CampaignRow): CampaignView => ({
  row,
  stats: recipientStats([{ status: 'PENDING', recipients: row.total, everSent: 0, cost: 0 }]),
});

export async function campaignView(db: Db, row: CampaignRow): Promise<CampaignView> {
  return { row, stats: recipientStats(await recipientsRepository.tally(db, row.id)) };
}

/** Views of a page of campaigns, with one grouped read of their recipients. */
export async function campaignViews(db: Db, rows: readonly CampaignRow[]): Promise<CampaignView[]> {
  const tallies = await recipientsRepository.tallies(
    db,
    rows.map((row) => row.id),
  );
  const byCampaign = new Map<string, Tally[]>();
  for (const tally of tallies) {
    const list = byCampaign.get(tally.campaignId) ?? [];
    list.push(tally);
    byCampaign.set(tally.campaignId, list);
  }
  return rows.map((row) => ({ row, stats: recipientStats(byCampaign.get(row.id) ?? []) }));
}
