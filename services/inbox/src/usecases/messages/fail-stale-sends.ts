import { INBOX_EVENTS, OUTCOME_UNKNOWN } from '@inbox/contracts';
import { transactThenPublish } from '@inbox/platform';
import { messagesRepository } from '../../db/repositories/messages.repository';
import type { InboxDeps } from '../../deps';
import { systemOrigin } from '../../events';

/**
 * A send still PENDING after this long has no call in flight: the process stopped between storing
 * it and hearing from WhatsApp. The longest legitimate send (a 100 MB upload with its 2-minute
 * deadline, then the send) stays well below it.
 */
export const STALE_SEND_MS = 10 * 60_000;
const BATCH = 500;

/**
 * Fails stale PENDING sends with OUTCOME_UNKNOWN, so an agent sees them instead of a clock that
 * never stops. Never sends them again: the call may have reached WhatsApp before the process
 * stopped. A later status webhook (matched by the callback data) still moves them on.
 */
export async function failStaleSends(deps: InboxDeps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - STALE_SEND_MS);
  let total = 0;
  for (;;) {
    const failed = await transactThenPublish(deps, async (tx) => {
      const rows = await messagesRepository.failStalePending(tx, cutoff, OUTCOME_UNKNOWN, BATCH);
      for (const row of rows)
        await deps.events.record(tx, systemOrigin(row.orgId), INBOX_EVENTS.messageUpdated, {
          conversationId: row.conversationId,
          waId: row.waId,
          messageId: row.id,
          changes: ['status'],
          actorId: null,
        });
      return rows;
    });
    total += failed.length;
    if (failed.length > 0)
      deps.logger.warn(
        { messageIds: failed.map((r) => r.id) },
        'stale PENDING sends failed as OUTCOME_UNKNOWN',
      );
    if (failed.length < BATCH) return total;
  }
}

/** Runs the sweep every `everyMs` (each replica; the sweep is idempotent); stop() waits for a running one. */
export function startStaleSendSweeper(deps: InboxDeps, everyMs = 60_000): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = failStaleSends(deps).catch((err: unknown) =>
      deps.logger.warn({ err }, 'stale-send sweep failed'),
    );
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
