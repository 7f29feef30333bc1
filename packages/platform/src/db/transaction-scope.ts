import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Marks the code that runs inside a database transaction, so that a remote call made there fails
 * at once instead of hanging (all-in-one: the service called waits for the one embedded
 * connection this transaction holds) or holding row locks across the network (distributed).
 * Always on, in production too: one AsyncLocalStorage lookup per outbound call costs nothing next
 * to the call, and a rule that only tests enforce is broken by the first untested path.
 */
interface Scope {
  /** False once the transaction's callback has finished: work it scheduled may outlive it. */
  open: boolean;
}

const scope = new AsyncLocalStorage<Scope>();

/** A remote call (gRPC, HTTP, SMTP) was made while a database transaction was open: a bug, never retried. */
export class RemoteCallInTransactionError extends Error {
  constructor(what: string) {
    super(
      `${what} called inside a database transaction: gather what the change needs first, then open the transaction (docs/decisions.md)`,
    );
    this.name = 'RemoteCallInTransactionError';
  }
}

/** Runs a transaction's body inside the scope; the database wrapper calls this, use cases never do. */
export async function runInTransactionScope<T>(body: () => Promise<T>): Promise<T> {
  const marker: Scope = { open: true };
  try {
    return await scope.run(marker, body);
  } finally {
    marker.open = false;
  }
}

export function inTransaction(): boolean {
  return scope.getStore()?.open === true;
}

/** Every outbound call helper calls this first: gRPC clients, the Cloud API client, the mailer. */
export function assertOutsideTransaction(what: string): void {
  if (inTransaction()) throw new RemoteCallInTransactionError(what);
}

/**
 * Runs `fn` outside any transaction's scope. For code that starts independent work (a bus
 * delivering an event published from inside a transaction): that work is not part of the
 * transaction and may call other services.
 */
export function detachFromTransaction<T>(fn: () => T): T {
  return scope.exit(fn);
}
