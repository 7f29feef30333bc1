import { HISTORY_DEFAULT_LIMIT, type EventEnvelope } from '@inbox/contracts';
import {
  DomainError,
  historyEventView,
  type Db,
  type HistoryEventMessage,
  type Logger,
} from '@inbox/platform';
import { claimEvents, finishRebuildState, startRebuildState, truncateReadModels } from '../db/rebuild';
import { ANALYTICS_EVENTS_CONSUMER } from '../consumers/events.consumer';
import { applyEvent } from '../projections';
import { HISTORY_SOURCES, type HistorySourceName, type HistorySources } from './history-source';

/** Events applied per transaction: a page (up to HISTORY_PAGE_MAX_EVENTS) is split into these. */
export const REBUILD_BATCH_EVENTS = 500;
/**
 * Facts stamped just before the cutoff may still be committing in their service when the rebuild
 * starts; reading history this much later lets them land, so the export tells them.
 */
export const REBUILD_SETTLE_MS = 5_000;
/** A page a source could not answer (a restart, a deadline) is asked again after these waits. */
const PAGE_RETRY_MS = [1_000, 5_000, 15_000, 30_000, 60_000];
/** Progress is logged at most this often (and at the end of each source). */
const PROGRESS_EVERY_MS = 5_000;

export interface RebuildOptions {
  db: Db;
  logger: Logger;
  sources: HistorySources;
  now?: () => Date;
  /** Units (conversations, campaigns, users) per page asked of each source (1 to HISTORY_MAX_LIMIT). */
  pageLimit?: number;
  batchEvents?: number;
  /** How long to wait after the cutoff before reading history (REBUILD_SETTLE_MS). */
  settleMs?: number;
  /** Waits between attempts at a page a source could not answer (PAGE_RETRY_MS). */
  retryMs?: readonly number[];
}

export interface RebuildResult {
  cutoff: Date;
  /** Events applied (a page told twice counts once). */
  events: number;
  /** Events refused by a projection (logged one by one); 0 when the sources are consistent. */
  skipped: number;
  pages: Record<HistorySourceName, number>;
  tables: string[];
  seconds: number;
}

/**
 * Resets the read models and rebuilds them from the services' history: everything strictly before
 * the cutoff (now) comes from ExportHistory; the live consumer skips the events before it and
 * applies the rest. Each batch claims its event ids in processed_events like the live consumer,
 * so a page applied twice changes nothing. Run it with the analytics service stopped.
 */
export async function rebuildReadModels(options: RebuildOptions): Promise<RebuildResult> {
  const { db, logger } = options;
  const now = options.now ?? (() => new Date());
  const started = Date.now();
  // A source that does not answer (address, secret, a service down) fails here, before any reset.
  for (const name of HISTORY_SOURCES) await options.sources[name]({ before: now(), after: '', limit: 1 });
  // Truncate first: it waits for the live consumer's transactions in flight, and the cutoff is
  // taken after them, so whatever they applied (and this truncate wiped) occurred before it and
  // is in the history. Consumer transactions after this one see the rebuild running and wait.
  const { cutoff, tables } = await db.transaction(async (tx) => {
    const reset = await truncateReadModels(tx);
    const at = now();
    await startRebuildState(tx, at, at);
    return { cutoff: at, tables: reset };
  });
  logger.info({ cutoff: cutoff.toISOString(), tables }, 'read models reset; rebuilding from history');
  await sleep(options.settleMs ?? REBUILD_SETTLE_MS);
  const progress = progressLog(logger, started);
  const pages = { directory: 0, inbox: 0, campaigns: 0 };
  let skipped = 0;
  for (const name of HISTORY_SOURCES) {
    let after = '';
    do {
      const query = { before: cutoff, after, limit: options.pageLimit ?? HISTORY_DEFAULT_LIMIT };
      const page = await withRetries(
        () => options.sources[name](query),
        options.retryMs ?? PAGE_RETRY_MS,
        (error) => logger.warn({ source: name, err: error }, 'history page not answered; asking again'),
      );
      pages[name] += 1;
      const applied = await applyPage(db, logger, page.events, options.batchEvents ?? REBUILD_BATCH_EVENTS);
      skipped += applied.skipped;
      progress.add(name, applied.events, false);
      after = page.next;
    } while (after);
    progress.add(name, 0, true);
  }
  const events = progress.total();
  await finishRebuildState(db, now(), events);
  const seconds = (Date.now() - started) / 1000;
  logger.info({ events, skipped, pages, seconds }, 'read models rebuilt');
  return { cutoff, events, skipped, pages, tables, seconds };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A request or a page the caller got wrong is not asked again; anything else is, after each wait. */
async function withRetries<T>(
  ask: () => Promise<T>,
  waits: readonly number[],
  onRetry: (error: unknown) => void,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await ask();
    } catch (error) {
      const final =
        error instanceof DomainError && error.kind !== 'unavailable' && error.kind !== 'rate_limited';
      if (final || attempt >= waits.length) throw error;
      onRetry(error);
      await sleep(waits[attempt]);
    }
  }
}

/** A page's events in order, in transactions of at most `batchSize` events. */
async function applyPage(db: Db, logger: Logger, messages: HistoryEventMessage[], batchSize: number) {
  const result = { events: 0, skipped: 0 };
  for (let i = 0; i < messages.length; i += batchSize) {
    const batch = messages.slice(i, i + batchSize).map((m) => historyEventView(m) as EventEnvelope);
    try {
      result.events += await db.transaction((tx) => applyBatch(tx, batch));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // A projection refused one of them (the whole batch rolled back): again one event per
      // transaction, so that only the refused ones are left out, each one logged.
      for (const event of batch) {
        try {
          result.events += await db.transaction((tx) => applyBatch(tx, [event]));
        } catch (refusal) {
          if (!(refusal instanceof DomainError)) throw refusal;
          result.skipped += 1;
          logger.warn({ eventId: event.id, type: event.type, err: refusal }, 'history event not applied');
        }
      }
    }
  }
  return result;
}

/** Claims the batch's ids, then applies the newly claimed events in order (an id once); answers how many. */
async function applyBatch(tx: Db, batch: EventEnvelope[]): Promise<number> {
  const claimed = await claimEvents(
    tx,
    ANALYTICS_EVENTS_CONSUMER,
    batch.map((e) => e.id),
  );
  let applied = 0;
  for (const event of batch)
    if (claimed.delete(event.id)) {
      await applyEvent(tx, event);
      applied += 1;
    }
  return applied;
}

function progressLog(logger: Logger, started: number) {
  let total = 0;
  let loggedAt = started;
  return {
    total: () => total,
    add(source: HistorySourceName, events: number, done: boolean) {
      total += events;
      const at = Date.now();
      if (!done && at - loggedAt < PROGRESS_EVERY_MS) return;
      loggedAt = at;
      const seconds = (at - started) / 1000;
      const perSecond = Math.round(total / Math.max(seconds, 0.001));
      logger.info({ source, done, events: total, perSecond, seconds }, 'rebuilding read models');
    },
  };
}
