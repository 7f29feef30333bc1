import pino from 'pino';
import { currentRequestId } from './request-scope';

export type Logger = pino.Logger;

/** Each logger's process-level parent, without a `service` binding, so a sibling can name another one. */
const roots = new WeakMap<Logger, Logger>();

/**
 * The request under way (request-scope.ts), on every line written for it. A fresh object each
 * time: pino merges the line's own fields into it, and those win (an explicit `requestId` too).
 */
function requestIdMixin(): { requestId?: string } {
  const requestId = currentRequestId();
  return requestId === undefined ? {} : { requestId };
}

/**
 * JSON logs on stdout with one `service` field naming the process, and the `requestId` of the
 * request being served. `LOG_LEVEL` sets the level; tests default to silent.
 */
export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL ?? (process.env.JEST_WORKER_ID ? 'silent' : 'info'),
  destination?: pino.DestinationStream,
): Logger {
  const root = pino({ level, timestamp: pino.stdTimeFunctions.isoTime, mixin: requestIdMixin }, destination);
  return forService(root, service);
}

/** The `service` a logger writes (createLogger's or forService's): the label of its metrics. */
export function serviceOf(logger: Logger): string {
  const service = (logger.bindings() as { service?: unknown }).service;
  return typeof service === 'string' ? service : 'unknown';
}

/**
 * The logger of another service in the same process (the all-in-one mode): pino appends child
 * bindings, so `logger.child({ service })` would write a second `service` key on every line.
 */
export function forService(logger: Logger, service: string): Logger {
  const root = roots.get(logger) ?? logger;
  const child = root.child({ service });
  roots.set(child, root);
  return child;
}

/**
 * Logs a recurring failure (Redis down, a flood of errors) at most once per interval, with how
 * many were left out, so an outage does not write a line per request.
 */
export function throttledWarn(logger: Logger, message: string, intervalMs = 10_000) {
  let last = -Infinity;
  let suppressed = 0;
  return (err: unknown, now = Date.now()): void => {
    if (now - last < intervalMs) {
      suppressed += 1;
      return;
    }
    logger.warn({ err, suppressed }, message);
    last = now;
    suppressed = 0;
  };
}
