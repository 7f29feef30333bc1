import pino from 'pino';

export type Logger = pino.Logger;

/** JSON logs on stdout. `LOG_LEVEL` sets the level; tests default to silent. */
export function createLogger(
  name: string,
  level = process.env.LOG_LEVEL ?? (process.env.JEST_WORKER_ID ? 'silent' : 'info'),
): Logger {
  return pino({ name, level, base: { service: name }, timestamp: pino.stdTimeFunctions.isoTime });
}
