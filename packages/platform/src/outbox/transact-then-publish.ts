import type { Db } from '../db/database';

/** What a use case needs to change data and announce it: its database and its event recorder. */
export interface TransactionalDeps {
  db: Db;
  events: { flush(): void };
}

/**
 * Runs `work` in one transaction, then nudges the outbox relay once the commit succeeded. The
 * events `work` records are rows of the same transaction: a rollback discards them with the
 * change, and nothing is nudged. A nudge before the commit would find no row to publish, and
 * the events would wait for the relay's next poll. Use cases call this rather than pairing
 * `db.transaction` with `events.flush()` by hand, so no path forgets the nudge or nudges early.
 */
export async function transactThenPublish<T>(
  deps: TransactionalDeps,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction((tx) => work(tx));
  deps.events.flush();
  return result;
}
