import { conflict, invalid, isUniqueViolation, newId, transactThenPublish } from '@inbox/platform';
import { DIRECTORY_EVENTS, TEAM_NAME_MAX } from '@inbox/contracts';
import { teamsRepository, type TeamDetail } from '../../db/repositories/teams.repository';
import { actorOf, requireAdmin, requireOrganization } from '../../domain/access';
import type { CallerContext, DirectoryDeps } from '../../deps';

export interface TeamInput {
  name: string;
  description?: string | null;
}

export const teamNameTaken = (name: string) =>
  conflict('TEAM_NAME_TAKEN', `An active team named "${name}" already exists`);

export function checkedTeamName(input: string): string {
  const name = input.trim();
  if (name.length < 1 || name.length > TEAM_NAME_MAX) {
    throw invalid('VALIDATION_FAILED', 'The team name is invalid', [
      { path: 'name', message: `must be 1 to ${TEAM_NAME_MAX} characters` },
    ]);
  }
  return name;
}

/** An empty description is no description: proto3 cannot send null, so "" is how a client clears it. */
export const cleanDescription = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value?.trim() || null;

export async function createTeam(
  deps: DirectoryDeps,
  caller: CallerContext,
  input: TeamInput,
): Promise<TeamDetail> {
  requireOrganization(caller);
  requireAdmin(caller);
  const name = checkedTeamName(input.name);
  try {
    const team = await transactThenPublish(deps, async (tx) => {
      if (await teamsRepository.activeNameTaken(tx, caller.orgId, name)) throw teamNameTaken(name);
      const row = await teamsRepository.insert(tx, {
        id: newId(),
        orgId: caller.orgId,
        name,
        description: cleanDescription(input.description) ?? null,
        active: true,
      });
      await deps.events.record(tx, caller, DIRECTORY_EVENTS.teamCreated, {
        teamId: row.id,
        name,
        actorId: actorOf(caller),
      });
      return row;
    });
    return { ...team, memberCount: 0, members: [] };
  } catch (error) {
    // Two creates racing past the check: the partial unique index decides.
    if (isUniqueViolation(error)) throw teamNameTaken(name);
    throw error;
  }
}
