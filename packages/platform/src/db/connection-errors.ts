/*
 * A database that is down or restarting is a passing outage, not a bug: callers get UNAVAILABLE
 * (HTTP 503, retry later) instead of an internal error, and nothing is logged as unexpected.
 */

/** Node socket errors of a connection that could not be made or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
/** PostgreSQL: admin/crash shutdown, cannot connect now (starting up), too many connections. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What node-postgres and its pool say when the connection went away or never came. */
const DRIVER_MESSAGES = [
  /^Connection terminated( unexpectedly)?/,
  /Client has encountered a connection error and is not queryable/,
  /timeout exceeded when trying to connect/,
];

/** Whether `error` (or any error in its `cause` chain) says the database cannot be reached now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))
    )
      return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}
