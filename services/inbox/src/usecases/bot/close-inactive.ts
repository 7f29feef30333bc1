import { DEFAULT_BOT_SETTINGS, INBOX_EVENTS } from '@inbox/contracts';
import { transactThenPublish } from '@inbox/platform';
import { botStateRepository, type InactiveBotConversation } from '../../db/repositories/bot-state.repository';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import type { InboxDeps } from '../../deps';
import { systemOrigin } from '../../events';
import { applyAction } from '../conversations/conversation-changes';

const BATCH = 100;
/** Batches per sweep: a backlog (the bot just enabled on old conversations) drains over a few sweeps. */
const MAX_BATCHES = 20;
const HOUR_MS = 3600_000;

/**
 * Closes the BOT_HANDLING conversations silent for their organization's `inactivityCloseHours`:
 * the bot handled them alone to the end (`bot.contained`). Each in its own transaction, found again
 * under lock, so a customer message or a takeover meanwhile keeps it open. Answers how many closed.
 */
export async function closeInactiveBotConversations(deps: InboxDeps): Promise<number> {
  let closed = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const found = await botStateRepository.inactive(
      deps.db,
      deps.now(),
      DEFAULT_BOT_SETTINGS.inactivityCloseHours,
      BATCH,
    );
    for (const candidate of found) if (await closeIfInactive(deps, candidate)) closed++;
    if (found.length < BATCH) break;
  }
  if (closed > 0) deps.logger.info({ closed }, 'bot conversations closed for inactivity');
  return closed;
}

async function closeIfInactive(deps: InboxDeps, candidate: InactiveBotConversation): Promise<boolean> {
  const origin = systemOrigin(candidate.orgId, 'bot-inactivity');
  return transactThenPublish(deps, async (tx) => {
    const row = await conversationsRepository.lock(tx, candidate.orgId, candidate.id);
    const now = deps.now();
    const lastActivity = row?.lastMessageAt ?? row?.createdAt;
    if (!row || row.status !== 'BOT_HANDLING' || !lastActivity) return false;
    if (now.getTime() - lastActivity.getTime() < candidate.hours * HOUR_MS) return false;
    const ctx = { deps, tx, origin, actorId: null, by: 'bot' as const };
    const updated = await applyAction(ctx, row, 'resolve', { reason: 'bot_inactivity' });
    await deps.events.record(tx, origin, INBOX_EVENTS.botContained, {
      conversationId: row.id,
      waId: row.waId,
      reason: 'inactivity',
      closedAt: (updated.closedAt ?? now).toISOString(),
    });
    return true;
  });
}

/** Runs the sweep every `everyMs` (each replica; the sweep is idempotent); stop() waits for a running one. */
export function startInactiveBotSweeper(deps: InboxDeps, everyMs = 5 * 60_000): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = closeInactiveBotConversations(deps).catch((err: unknown) =>
      deps.logger.warn({ err }, 'bot inactivity sweep failed'),
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
