/*
 * How a process flushes its spans before it exits, without loading the SDK: the preload
 * (register.ts) leaves its shutdown here when tracing is on. Kept on globalThis, like the request
 * scope, so a second copy of the platform in the process finds the same one.
 */
const SHUTDOWN_KEY = Symbol.for('inbox.platform.tracing-shutdown');
type Shutdown = () => Promise<void>;
const slot = globalThis as Record<symbol, Shutdown | undefined>;

export function setTracingShutdown(shutdown: Shutdown): void {
  slot[SHUTDOWN_KEY] = shutdown;
}

/**
 * Exports the spans still buffered and stops tracing; resolves at once when tracing is off, and
 * after `timeoutMs` at most when the collector does not answer (a stopping pod cannot wait).
 */
export async function flushTracing(timeoutMs = 5_000): Promise<void> {
  const shutdown = slot[SHUTDOWN_KEY];
  if (!shutdown) return;
  slot[SHUTDOWN_KEY] = undefined;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    shutdown().catch(() => undefined),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
  ]);
  clearTimeout(timer);
}
