import type { RouteSpec } from '../routes/route';

/**
 * Every status a route can answer, apart from its success status: the generic ones follow from
 * the route's declaration, so a new route documents them without thinking; the rest it names
 * in `answers`. The e2e suite checks every answer it sees against the document built from this.
 */
export function answeredStatuses(spec: RouteSpec): number[] {
  const statuses = new Set<number>([400]); // control characters are refused in every part, always
  if (spec.access !== 'public') {
    statuses.add(401);
    statuses.add(404); // the services answer for ids and references; the platform API may be off
  }
  if (spec.access === 'admin') statuses.add(403);
  if (spec.method !== 'get') statuses.add(409);
  if (spec.body || spec.proxy?.requestBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (!spec.unlimited) {
    statuses.add(429);
    // Authentication, the handler or the proxy calls a service: down or past its deadline.
    statuses.add(503);
    statuses.add(504);
  }
  for (const status of [...(spec.answers ?? []), ...Object.values(spec.statusByCode ?? {})])
    statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}
