import type { EventEnvelope } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import { readRebuildCutoff } from '../db/rebuild';

/**
 * How long the live consumer trusts the cutoff it read. A consumer (re)started after a rebuild
 * reads it at its first event; one left running while a rebuild starts elsewhere sees the new
 * cutoff at most this long after the rebuild recorded it (its first step, before any reset).
 */
export const REBUILD_CUTOFF_REFRESH_MS = 10_000;

export interface RebuildCutoff {
  /** Whether the latest rebuild's export already told this event (it occurred before the cutoff). */
  covers(event: EventEnvelope): Promise<boolean>;
}

/** The latest rebuild's cutoff, read once per refresh period rather than once per event. */
export function rebuildCutoff(db: Db, refreshMs = REBUILD_CUTOFF_REFRESH_MS): RebuildCutoff {
  let cached: { cutoff: Date | null; readAt: number } | undefined;
  const current = async (): Promise<Date | null> => {
    // The process's own clock, not the service's (tests move that one): this is a cache age.
    const now = Date.now();
    if (!cached || now - cached.readAt >= refreshMs)
      cached = { cutoff: await readRebuildCutoff(db), readAt: now };
    return cached.cutoff;
  };
  return {
    covers: async (event) => {
      const cutoff = await current();
      return cutoff !== null && Date.parse(event.occurredAt) < cutoff.getTime();
    },
  };
}
