import {
  HistoryPageBuilder,
  invalid,
  type Db,
  type HistoryPageMessage,
  type HistoryQuery,
} from '@inbox/platform';
import {
  historyRepository,
  type CampaignKey,
  type HistoryCampaignRow,
} from '../../db/repositories/history.repository';
import {
  decodeCampaignPosition,
  encodeCampaignPosition,
  type CampaignPosition,
} from '../../domain/history/campaign-cursor';
import { campaignHead, campaignTail, type FinishedCounts } from '../../domain/history/campaign-history';
import { RECIPIENT_CHUNK, recipientChunkEvents } from '../../domain/history/recipient-history';

/** Recipients read per query: four chunks. */
const RECIPIENTS_PER_READ = 4 * RECIPIENT_CHUNK;

/**
 * One campaign's recipients from `start` on, chunk by chunk, then its latest status. Answers
 * where the page ended inside it, or null when the whole campaign is in the page.
 */
async function exportCampaignFrom(
  db: Db,
  before: Date,
  campaign: HistoryCampaignRow,
  start: { seq: number } & FinishedCounts,
  page: HistoryPageBuilder,
): Promise<CampaignPosition | null> {
  const at = { ...start };
  const inside = (): CampaignPosition => ({ kind: 'inside', id: campaign.id, ...at });
  // Positions run 0 … total − 1: a read covers a range of them, so each costs the same. A
  // campaign that had not started by the cutoff had sent nothing then: its recipients are not read.
  const started = campaign.startedAt !== null && campaign.startedAt < before;
  const positions = started ? campaign.total : 0;
  while (at.seq < positions) {
    const readFrom = at.seq;
    const rows = await historyRepository.recipientsAt(db, campaign.id, readFrom, RECIPIENTS_PER_READ);
    for (let i = 0; i < rows.length;) {
      const chunk = Math.floor(rows[i].seq / RECIPIENT_CHUNK);
      let end = i;
      while (end < rows.length && Math.floor(rows[end].seq / RECIPIENT_CHUNK) === chunk) end++;
      const told = recipientChunkEvents(campaign, chunk, rows.slice(i, end), before);
      if (!page.add(told.events)) return inside();
      at.seq = (chunk + 1) * RECIPIENT_CHUNK;
      at.sent += told.counts.sent;
      at.failed += told.counts.failed;
      i = end;
    }
    // Reads start at a chunk (RECIPIENTS_PER_READ is a multiple of it), so pages end between chunks.
    at.seq = readFrom + RECIPIENTS_PER_READ;
  }
  return page.add(campaignTail(campaign, before, at)) ? null : inside();
}

/**
 * ExportHistory of the campaigns service: every organization's campaigns created before the
 * cutoff, in keyset order of id, each told as `campaign.created`, `campaign.started`, its
 * recipients' `recipient.status_changed` and `recipient.replied` chunk by chunk (in position
 * order), then its latest status change (domain/history). A page holds at most `limit` campaigns
 * and stays within HistoryPageBuilder's bounds; a large campaign spans pages, the cursor then
 * pointing at its next chunk. Read-only, callable in process (the all-in-one rebuild) as well as
 * through gRPC.
 */
export async function exportCampaignsHistory(db: Db, query: HistoryQuery): Promise<HistoryPageMessage> {
  const position = decodeCampaignPosition(query.after);
  const from: CampaignKey = position && { id: position.id, inclusive: position.kind === 'inside' };
  const campaigns = await historyRepository.campaignsPage(db, query.before, from, query.limit);
  // A page that ended inside a campaign resumes in it: one not there (before the cutoff) means
  // the cursor came from another export.
  if (position?.kind === 'inside' && campaigns[0]?.id !== position.id)
    throw invalid('VALIDATION_FAILED', 'The cursor is not one this service returned', [
      { path: 'after', message: 'Use `next` from a previous page with the same `before`' },
    ]);
  const page = new HistoryPageBuilder();
  let done: string | null = null;
  for (const campaign of campaigns) {
    const resumed = position?.kind === 'inside' && position.id === campaign.id ? position : null;
    if (!resumed && !page.add(campaignHead(campaign, query.before)))
      return { events: page.events, next: encodeCampaignPosition({ kind: 'after', id: done! }) };
    const start = resumed ?? { seq: 0, sent: 0, failed: 0 };
    const stopped = await exportCampaignFrom(db, query.before, campaign, start, page);
    if (stopped) return { events: page.events, next: encodeCampaignPosition(stopped) };
    done = campaign.id;
  }
  const more = campaigns.length === query.limit && done !== null;
  return { events: page.events, next: more ? encodeCampaignPosition({ kind: 'after', id: done! }) : '' };
}
