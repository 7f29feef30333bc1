import type { Server } from 'node:http';

/**
 * Graceful HTTP shutdown: stop accepting, let in-flight requests finish, close keep-alive sockets
 * as soon as they go idle (not only those idle at the start: a busy one would otherwise linger
 * for the whole keep-alive timeout), and cut whatever is left after `graceMs`.
 */
export function closeHttpServer(server: Server, graceMs = 10_000): Promise<void> {
  return new Promise<void>((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
