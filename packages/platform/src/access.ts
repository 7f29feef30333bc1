import type { CallerContext } from './context';
import { forbidden } from './errors';

/** Services check roles too: the gateway is not the only way in (the CLI, other services). */
export function requireAdmin(caller: CallerContext): void {
  if (caller.role !== 'ADMIN') throw forbidden('This operation requires the Admin role');
}

export function requireOrganization(caller: CallerContext): void {
  if (caller.orgId <= 0 || (caller.kind !== 'USER' && caller.kind !== 'API_KEY'))
    throw forbidden('No organization in the caller context');
}

/** The actor recorded on events: the user behind the call. */
export const actorOf = (caller: CallerContext): string | null => caller.userId ?? caller.principalId ?? null;
