import { teamsRepository, type TeamSummary } from '../../db/repositories/teams.repository';
import { requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';

/** Active teams by name (all of them with `includeInactive`), each with its live member count. */
export async function listTeams(
  deps: DirectoryDeps,
  caller: CallerContext,
  options: { includeInactive?: boolean } = {},
): Promise<TeamSummary[]> {
  requireOrganization(caller);
  return teamsRepository.list(deps.db, caller.orgId, options.includeInactive ?? false);
}
