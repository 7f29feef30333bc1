import { CAMPAIGNS_EVENTS, type CampaignsEventData, type HistoryEventView } from '@inbox/contracts';
import type { HistoryCampaignRow, HistoryRecipientRow } from '../../db/repositories/history.repository';
import { campaignsEvent, type FinishedCounts } from './campaign-history';

type Change = CampaignsEventData<typeof CAMPAIGNS_EVENTS.recipientsStatusChanged>['changes'][number];

/** Recipients per chunk: chunk k holds positions [k·CHUNK, (k+1)·CHUNK); pages end between chunks. */
export const RECIPIENT_CHUNK = 250;
/** Changes per `recipient.status_changed` event: the send workers' batch of outcomes. */
const CHANGES_PER_EVENT = 250;

/** One stage a recipient reached, at its stored time. */
interface Stage {
  to: 'SENT' | 'DELIVERED' | 'READ' | 'REPLIED' | 'FAILED';
  /** ISO 8601 text: compared as text, which orders instants as they are. */
  at: string;
}

/**
 * The stages a recipient reached before the cutoff, in order, each at its stored time. A delivery
 * or read stored at the very time of the next stage was filled in by it (a read with no delivery
 * before it, a reply with no read), and is told within that next change, as it was published.
 */
function stagesOf(r: HistoryRecipientRow, before: string): Stage[] {
  const reached = (to: Stage['to'], at: string | null): Stage[] =>
    at !== null && at < before ? [{ to, at }] : [];
  const path = [
    ...reached('SENT', r.sentAt),
    ...reached('DELIVERED', r.deliveredAt),
    ...reached('READ', r.readAt),
    ...reached('REPLIED', r.repliedAt),
  ].filter((s, i, all) => s.to === 'SENT' || i === all.length - 1 || all[i + 1].at !== s.at);
  if (r.status === 'FAILED') path.push(...reached('FAILED', r.failedAt));
  return path;
}

const pricingOf = (r: HistoryRecipientRow): Change['pricing'] =>
  r.pricingType === null && r.pricingCategory === null
    ? null
    : {
        ...(r.pricingType === null ? {} : { type: r.pricingType }),
        ...(r.pricingCategory === null ? {} : { category: r.pricingCategory }),
      };

/**
 * A recipient's changes as the workers and the status webhooks publish them: PENDING → SENT →
 * DELIVERED → READ → REPLIED, or → FAILED with WhatsApp's code (our OUTCOME_UNKNOWN included).
 * The price (pricing and cost) rides on the first change that is not a failure, as the first
 * priced status does live. Plus `recipient.replied` for a reply; its conversation is not stored
 * here, so its `conversationId` is ''.
 */
function recipientEvents(
  c: HistoryCampaignRow,
  r: HistoryRecipientRow,
  before: string,
): { changes: (Change & { seq: number; order: number })[]; replied: HistoryEventView | null } {
  let from = 'PENDING';
  let priced = false;
  const changes = stagesOf(r, before).map((stage, order) => {
    const price = stage.to !== 'FAILED' && !priced;
    if (price) priced = true;
    const change = {
      recipientId: r.id,
      phone: r.phone,
      waId: r.waId,
      providerMessageId: r.providerMessageId,
      from,
      to: stage.to,
      at: stage.at,
      errorCode: stage.to === 'FAILED' ? r.errorCode : null,
      pricing: price ? pricingOf(r) : null,
      cost: price ? r.cost : null,
      seq: r.seq,
      order,
    };
    from = stage.to;
    return change;
  });
  const reply = changes.find((ch) => ch.to === 'REPLIED');
  const replied =
    reply && r.repliedAt
      ? campaignsEvent(CAMPAIGNS_EVENTS.recipientReplied, 'replied', r.id, c.orgId, r.repliedAt, {
          campaignId: c.id,
          recipientId: r.id,
          conversationId: '',
          waId: r.waId ?? r.phone.replace(/^\+/, ''),
          providerMessageId: r.providerMessageId ?? '',
          templateName: c.templateName,
          templateLanguage: c.templateLanguage,
          renderedText: r.renderedText,
          deliveryStatus: reply.from,
          sentAt: r.sentAt ?? r.repliedAt,
          repliedAt: r.repliedAt,
        })
      : null;
  return { changes, replied };
}

/**
 * When a completion counted the recipients: its time if it came before the cutoff (ISO text), or
 * null (no `campaign.completed` is told, the counts go unused).
 */
const countedAt = (c: HistoryCampaignRow, before: Date): string | null =>
  c.completedAt !== null && c.completedAt < before ? c.completedAt.toISOString() : null;

/**
 * The events of one chunk of a campaign's recipients, in time order: their changes sorted by time
 * and cut into `recipient.status_changed` events of up to CHANGES_PER_EVENT (each at its latest
 * change's time, as a batch is published once its last outcome is known), each followed by the
 * `recipient.replied` of the replies it carries. Ids: the campaign, the chunk and the batch's
 * place in it (a reply's: its recipient).
 *
 * The counts are the recipients as they stood when the campaign completed, by their stored times
 * (not as they stand now: a status learnt after the completion, or after the cutoff, is not
 * counted): sent when the last stage by then is SENT or beyond, failed otherwise (a campaign
 * completes once each recipient is one or the other).
 */
export function recipientChunkEvents(
  c: HistoryCampaignRow,
  chunk: number,
  recipients: HistoryRecipientRow[],
  before: Date,
): { events: HistoryEventView[]; counts: FinishedCounts } {
  const changes: ReturnType<typeof recipientEvents>['changes'] = [];
  const replies = new Map<string, HistoryEventView>();
  const counts = { sent: 0, failed: 0 };
  const beforeIso = before.toISOString();
  const countAt = countedAt(c, before);
  for (const r of recipients) {
    const told = recipientEvents(c, r, beforeIso);
    changes.push(...told.changes);
    if (told.replied) replies.set(r.id, told.replied);
    if (countAt === null) continue;
    const then = told.changes.filter((ch) => ch.at <= countAt).at(-1);
    if (then !== undefined && then.to !== 'FAILED') counts.sent++;
    else counts.failed++;
  }
  changes.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.seq - b.seq || a.order - b.order));
  const events: HistoryEventView[] = [];
  for (let i = 0; i < changes.length; i += CHANGES_PER_EVENT) {
    const batch = changes
      .slice(i, i + CHANGES_PER_EVENT)
      .map(({ seq: _seq, order: _order, ...change }) => change);
    events.push(
      campaignsEvent(
        CAMPAIGNS_EVENTS.recipientsStatusChanged,
        'recipients',
        `${c.id}:${chunk}:${i / CHANGES_PER_EVENT}`,
        c.orgId,
        batch[batch.length - 1].at,
        { campaignId: c.id, changes: batch },
      ),
    );
    // Each reply right after the change that carries it, as the two are published together.
    for (const change of batch) if (change.to === 'REPLIED') events.push(replies.get(change.recipientId)!);
  }
  return { events, counts };
}
