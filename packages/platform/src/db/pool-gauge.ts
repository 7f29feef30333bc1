import type pg from 'pg';
import { dbPoolConnections, onScrape } from '../metrics/catalog';

const STATES = ['total', 'idle', 'waiting'] as const;

/**
 * Fills inbox_db_pool_connections{service} from the pool at each scrape: `waiting` above 0 means
 * callers queue for a connection (the pool is too small, or queries hold connections too long).
 * The returned function removes the hook and the series: a closed pool leaves no stale gauge.
 */
export function watchPool(pool: pg.Pool, service: string): () => void {
  const removeHook = onScrape(async () => {
    dbPoolConnections.set({ service, state: 'total' }, pool.totalCount);
    dbPoolConnections.set({ service, state: 'idle' }, pool.idleCount);
    dbPoolConnections.set({ service, state: 'waiting' }, pool.waitingCount);
  });
  return () => {
    removeHook();
    for (const state of STATES) dbPoolConnections.remove({ service, state });
  };
}
