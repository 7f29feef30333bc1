import { decodeCursor, encodeCursor, invalid, isId } from '@inbox/platform';
import type { FinishedCounts } from './campaign-history';
import { RECIPIENT_CHUNK } from './recipient-history';

/** Where the previous page ended: after a campaign, or inside one (its next chunk and its counts). */
export type CampaignPosition =
  { kind: 'after'; id: string } | ({ kind: 'inside'; id: string; seq: number } & FinishedCounts);

const refused = () =>
  invalid('VALIDATION_FAILED', 'The cursor is not one this service returned', [
    { path: 'after', message: 'Use `next` from a previous page' },
  ]);

/** A count the cursor carries: decimal digits of a safe integer. */
const count = (part: string | null): number => {
  const n = part !== null && /^\d{1,15}$/.test(part) ? Number(part) : NaN;
  if (!Number.isSafeInteger(n)) throw refused();
  return n;
};

/**
 * The position a `next` names, or null for the first page (''). Every part is checked, so a
 * forged or damaged cursor is a 400 rather than a restart from the first page (which could loop)
 * or a skip: the id is a campaign id; `after` has no counts; `inside` starts at a chunk, and its
 * counts are of the recipients before it.
 */
export function decodeCampaignPosition(after: string): CampaignPosition | null {
  if (after === '') return null;
  const [id, seq, sent, failed] = decodeCursor(after, 4, 'after');
  if (id === null || !isId(id)) throw refused();
  if (seq === null && sent === null && failed === null) return { kind: 'after', id };
  const position = { kind: 'inside' as const, id, seq: count(seq), sent: count(sent), failed: count(failed) };
  if (position.seq % RECIPIENT_CHUNK !== 0 || position.sent + position.failed > position.seq) throw refused();
  return position;
}

export const encodeCampaignPosition = (p: CampaignPosition): string =>
  p.kind === 'after' ? encodeCursor([p.id, null, null, null]) : encodeCursor([p.id, p.seq, p.sent, p.failed]);
