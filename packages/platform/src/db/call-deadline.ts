import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * The deadline of the gRPC call being served, so that its queries stop when the caller has
 * stopped waiting: the server wraps each call in `runWithDeadline`, and every pooled PostgreSQL
 * connection runs its next statement under `statement_timeout` = the time left.
 */
interface CallScope {
  deadline: number;
  /** False once the call has answered: work it started and that outlives it is not bounded by it. */
  open: boolean;
}

const calls = new AsyncLocalStorage<CallScope>();

/** The pool's statement timeout when no call is being served (consumers, outbox, jobs). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;

export async function runWithDeadline<T>(deadline: number, body: () => Promise<T>): Promise<T> {
  if (!Number.isFinite(deadline)) return body();
  const scope: CallScope = { deadline, open: true };
  try {
    return await calls.run(scope, body);
  } finally {
    scope.open = false;
  }
}

/**
 * The statement timeout for a query started now: the time left before the call's deadline,
 * rounded up to whole seconds (so a connection rarely needs a new SET: most calls come with the
 * same 5 s), never above the pool's default and never 0 (which would mean "no limit").
 */
export function statementTimeoutNow(defaultMs: number, now = Date.now()): number {
  const scope = calls.getStore();
  if (!scope?.open) return defaultMs;
  const left = Math.ceil((scope.deadline - now) / 1000) * 1000;
  return Math.min(defaultMs, Math.max(1, left));
}

const textOf = (query: unknown): string =>
  typeof query === 'string' ? query : ((query as { text?: string } | null)?.text ?? '');

/**
 * Makes a pooled client set `statement_timeout` before a statement whenever the time left differs
 * from what the connection has. The SET is queued on the same connection just ahead of the
 * statement, so nothing else can run between them.
 */
export function boundStatementsByDeadline(client: pg.PoolClient, defaultMs: number): void {
  let current = defaultMs; // the pool's connection option
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | string;
    const wanted = statementTimeoutNow(defaultMs);
    if (wanted !== current && typeof first !== 'function' && !(typeof first === 'object' && first?.submit)) {
      current = wanted;
      (query(`set statement_timeout = ${wanted}`) as Promise<unknown>).catch(() => {
        current = -1; // unknown (an aborted transaction refused it): set it again next time
      });
    }
    // A SET made inside a transaction is undone by its rollback.
    if (/^\s*rollback\b/i.test(textOf(first))) current = -1;
    return query(...args);
  };
}

/** Whether a database error (possibly wrapped) is a cancelled statement: a timeout or a passed deadline. */
export function isStatementCancelled(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '57014') return true;
  }
  return false;
}
