import { HISTORY_PAGE_MAX_EVENTS, type HistoryEventView } from '@inbox/contracts';
import {
  decodeCursor,
  encodeCursor,
  historyEventMessage,
  invalid,
  type Db,
  type HistoryEventMessage,
  type HistoryPageMessage,
  type HistoryQuery,
} from '@inbox/platform';
import {
  historyRepository,
  type CampaignKey,
  type HistoryCampaignRow,
} from '../../db/repositories/history.repository';
import { campaignHead, campaignTail, type FinishedCounts } from './campaign-history';
import { RECIPIENT_CHUNK, recipientChunkEvents } from './recipient-history';

/** Recipients read per query: four chunks. */
const RECIPIENTS_PER_READ = 4 * RECIPIENT_CHUNK;
/**
 * A page's size in bytes, under gRPC's default 4 MB message limit (replies carry the rendered
 * text): an event's JSON plus its id, type and time.
 */
const PAGE_MAX_BYTES = 3 * 1024 * 1024;
const EVENT_OVERHEAD_BYTES = 160;

/** Where the previous page ended: after a campaign, or inside one (its next chunk and its counts). */
type Position =
  { kind: 'after'; id: string } | ({ kind: 'inside'; id: string; seq: number } & FinishedCounts);

function decodePosition(after: string): Position | null {
  if (!after) return null;
  const [id, seq, sent, failed] = decodeCursor(after, 4, 'after');
  const numbers = [seq, sent, failed].map(Number);
  if (id === null || (seq !== null && !numbers.every((n) => Number.isInteger(n) && n >= 0)))
    throw invalid('VALIDATION_FAILED', 'The cursor is not one this service returned', [
      { path: 'after', message: 'Use `next` from a previous page' },
    ]);
  return seq === null
    ? { kind: 'after', id }
    : { kind: 'inside', id, seq: numbers[0], sent: numbers[1], failed: numbers[2] };
}

const encodePosition = (p: Position): string =>
  p.kind === 'after' ? encodeCursor([p.id, null, null, null]) : encodeCursor([p.id, p.seq, p.sent, p.failed]);

/** The events of a page, with its bounds: HISTORY_PAGE_MAX_EVENTS events and PAGE_MAX_BYTES. */
class PageBuilder {
  readonly events: HistoryEventMessage[] = [];
  private bytes = 0;

  /** Adds the events if they fit (an empty page takes anything: every page makes progress). */
  add(views: HistoryEventView[]): boolean {
    const messages = views.map(historyEventMessage);
    const size = messages.reduce((sum, m) => sum + Buffer.byteLength(m.dataJson) + EVENT_OVERHEAD_BYTES, 0);
    const fits =
      this.events.length + messages.length <= HISTORY_PAGE_MAX_EVENTS && this.bytes + size <= PAGE_MAX_BYTES;
    if (!fits && this.events.length > 0) return false;
    this.events.push(...messages);
    this.bytes += size;
    return true;
  }
}

/**
 * One campaign's recipients from `start` on, chunk by chunk, then its latest status. Answers
 * where the page ended inside it, or null when the whole campaign is in the page.
 */
async function exportCampaignFrom(
  db: Db,
  before: Date,
  campaign: HistoryCampaignRow,
  start: { seq: number } & FinishedCounts,
  page: PageBuilder,
): Promise<Position | null> {
  const at = { ...start };
  const inside = (): Position => ({ kind: 'inside', id: campaign.id, ...at });
  // Positions run 0 … total − 1: a read covers a range of them, so each costs the same. A
  // campaign that never started sent nothing: its recipients are not read.
  const positions = campaign.startedAt === null ? 0 : campaign.total;
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
 * order), then its latest status change. A page holds at most `limit` campaigns,
 * HISTORY_PAGE_MAX_EVENTS events and PAGE_MAX_BYTES; a large campaign spans pages, the cursor
 * then pointing at its next chunk. Read-only, callable in process (the all-in-one rebuild) as
 * well as through gRPC.
 */
export async function exportCampaignsHistory(db: Db, query: HistoryQuery): Promise<HistoryPageMessage> {
  const position = decodePosition(query.after);
  const from: CampaignKey = position && { id: position.id, inclusive: position.kind === 'inside' };
  const campaigns = await historyRepository.campaignsPage(db, query.before, from, query.limit);
  const page = new PageBuilder();
  let done: string | null = null;
  for (const campaign of campaigns) {
    const resumed = position?.kind === 'inside' && position.id === campaign.id ? position : null;
    if (!resumed && !page.add(campaignHead(campaign, query.before)))
      return { events: page.events, next: encodePosition({ kind: 'after', id: done! }) };
    const start = resumed ?? { seq: 0, sent: 0, failed: 0 };
    const stopped = await exportCampaignFrom(db, query.before, campaign, start, page);
    if (stopped) return { events: page.events, next: encodePosition(stopped) };
    done = campaign.id;
  }
  const more = campaigns.length === query.limit && done !== null;
  return { events: page.events, next: more ? encodePosition({ kind: 'after', id: done! }) : '' };
}
