import { CAMPAIGNS_EVENTS } from '@inbox/contracts';
import type { Db, EventOrigin } from '@inbox/platform';
import type { CampaignsDeps } from '../../deps';

/** Recipients with `seq` in [fromSeq, toSeq): one send job on the send queue. */
export interface SeqRange {
  fromSeq: number;
  toSeq: number;
}

/** The slices of `sliceSize` recipients that cover a campaign of `total` (0 … total − 1). */
export function slicesOf(total: number, sliceSize: number): SeqRange[] {
  const size = Math.max(1, Math.floor(sliceSize));
  const slices: SeqRange[] = [];
  for (let from = 0; from < total; from += size)
    slices.push({ fromSeq: from, toSeq: Math.min(total, from + size) });
  return slices;
}

/**
 * The slices (on the same grid as slicesOf) that hold these recipients' positions, each once, in
 * order: a resume or a retry sends only the slices with someone left to send.
 */
export function slicesHolding(seqs: Iterable<number>, total: number, sliceSize: number): SeqRange[] {
  const size = Math.max(1, Math.floor(sliceSize));
  const starts = new Set<number>();
  for (const seq of seqs) if (seq >= 0 && seq < total) starts.add(Math.floor(seq / size) * size);
  return [...starts]
    .sort((a, b) => a - b)
    .map((from) => ({ fromSeq: from, toSeq: Math.min(total, from + size) }));
}

/**
 * Records one `campaigns.send.requested` per slice in the caller's transaction (the outbox): the
 * jobs exist if and only if the change that made the campaign QUEUED commits. Workers take them
 * from the send queue; a job finding the campaign neither QUEUED nor SENDING does nothing.
 */
export async function publishSlices(
  deps: Pick<CampaignsDeps, 'events'>,
  tx: Db,
  origin: EventOrigin,
  campaignId: string,
  slices: readonly SeqRange[],
): Promise<void> {
  if (slices.length === 0) return;
  await deps.events.recordAll(
    tx,
    slices.map((slice) => ({
      origin,
      type: CAMPAIGNS_EVENTS.sendRequested,
      data: { campaignId, fromSeq: slice.fromSeq, toSeq: slice.toSeq },
    })),
  );
}
