import { AsyncLocalStorage } from 'node:async_hooks';
import { tagActiveSpan } from './tracing/propagation';

interface RequestScope {
  requestId: string;
}

/*
 * One store per process, not per copy of this module: a process may load the platform twice
 * (jest maps `@inbox/platform` to the sources while a spawned helper or a preload uses dist), and
 * the logger of one copy must still see the scope entered by the other.
 */
const STORE_KEY = Symbol.for('inbox.platform.request-scope');
const store: AsyncLocalStorage<RequestScope> = ((globalThis as Record<symbol, unknown>)[STORE_KEY] ??=
  new AsyncLocalStorage<RequestScope>()) as AsyncLocalStorage<RequestScope>;

/**
 * Runs `work` as part of the request `requestId`: every log line written meanwhile, in this
 * call and in whatever it awaits, carries it (createLogger's mixin), and so does the span being
 * traced. Entered once per unit of work — the gateway's HTTP request, a gRPC call, an event
 * delivery — never by use cases.
 */
export function runWithRequestId<T>(requestId: string, work: () => T): T {
  tagActiveSpan(requestId);
  return store.run({ requestId }, work);
}

/**
 * Runs `work` outside any request: a loop that a request merely woke (a bus claiming deliveries)
 * must not write its own lines under that request's id.
 */
export function outsideRequest<T>(work: () => T): T {
  return store.exit(work);
}

/** The request id of the work under way, or undefined outside any (a timer, a relay loop). */
export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId;
}
