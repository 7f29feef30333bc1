import { historyEventId, INBOX_EVENTS, type EventEnvelope } from '@inbox/contracts';
import { DomainError, type Db } from '@inbox/platform';
import { claimFact, readRebuildState } from '../db/rebuild';

/**
 * How long after a rebuild's cutoff a live message or bot-turn event may still be about a fact
 * the history told: WhatsApp retries a webhook for up to 7 days, and an inbound message is stored
 * at WhatsApp's time, so its live event may come that late.
 */
export const HISTORY_OVERLAP_MS = 7 * 24 * 3600_000;

/**
 * The history id of the same fact, for the live events counted per event whose time in the
 * services' data is not the event's time (a message is stored at WhatsApp's time or when it was
 * queued; its event is published when it is received or accepted): those are matched by fact,
 * not by time. The ids are the ones the inbox's ExportHistory gives (services/inbox/src/domain/history).
 */
export function historyKeyOf(event: EventEnvelope): string | null {
  const data = event.data as { messageId?: string; inReplyTo?: string; kind?: string };
  switch (event.type) {
    case INBOX_EVENTS.messageReceived:
    case INBOX_EVENTS.messageSent:
      return data.messageId ? historyEventId('inbox', 'msg', data.messageId) : null;
    case INBOX_EVENTS.botReplied:
      return data.inReplyTo && data.kind
        ? historyEventId('inbox', 'bot', `${data.inReplyTo}:${data.kind}`)
        : null;
    case INBOX_EVENTS.botFallback:
      return data.inReplyTo ? historyEventId('inbox', 'bot', `${data.inReplyTo}:fallback`) : null;
    default:
      return null;
  }
}

/**
 * Whether the latest rebuild's history already told this live event, decided inside the
 * consumer's transaction after its claim (so a rebuild starting meanwhile, which truncates those
 * tables, is seen here):
 * - while a rebuild runs (or one stopped before its end) the event waits: `unavailable`, retried
 *   and, after about a minute and a half, parked — replay it once a rebuild has finished;
 * - a message or bot turn within HISTORY_OVERLAP_MS of the cutoff: told if the history claimed
 *   the same fact (its history id; this claim marks it for a redelivery too), else applied —
 *   even before the cutoff, when the history missed it (committed after its conversation was read);
 * - any other event: told if it occurred before the cutoff.
 */
export async function toldByHistory(tx: Db, consumer: string, event: EventEnvelope): Promise<boolean> {
  const rebuild = await readRebuildState(tx);
  if (!rebuild) return false;
  if (!rebuild.finished)
    throw new DomainError(
      'unavailable',
      'REBUILD_IN_PROGRESS',
      'The analytics read models are being rebuilt; the event waits until the rebuild has finished',
    );
  const occurred = Date.parse(event.occurredAt);
  const key = historyKeyOf(event);
  if (key && occurred < rebuild.cutoff.getTime() + HISTORY_OVERLAP_MS)
    return !(await claimFact(tx, consumer, key));
  return occurred < rebuild.cutoff.getTime();
}
