import { BOT_SERVICE_PRINCIPAL, loadServiceConstructor } from '@inbox/contracts';
import {
  CallerTokenCache,
  createGrpcClient,
  isServiceError,
  newId,
  serviceCaller,
  type CallerContext,
} from '@inbox/platform';

/** What routing needs of a team: whether it takes conversations, who is in it, and whether it is open now. */
export interface RoutingTeamView {
  id: string;
  active: boolean;
  members: { userId: string; status: string }[];
  schedule: { open: boolean; nextChangeAt: string | null; timezone: string };
}

/** What the inbox asks the directory, on behalf of the caller (their organization, their rights). */
export interface DirectoryLookup {
  /** Whether the user is an active (not deleted) user of the caller's organization. */
  isActiveUser(caller: CallerContext, userId: string): Promise<boolean>;
  /** Whether the tag exists in the caller's organization. */
  tagExists(caller: CallerContext, tagId: string): Promise<boolean>;
  /**
   * A team of the organization as routing sees it, asked as the bot (no user behind the call:
   * routing runs on customer messages and jobs); null when the team does not exist.
   */
  routingTeam(orgId: number, teamId: string): Promise<RoutingTeamView | null>;
  close(): void;
}

const NOT_FOUND = 5;

/** Over gRPC, re-signing the caller's context with the shared secret (the directory checks it as usual). */
export function grpcDirectoryLookup(address: string, internalAuthSecret: string): DirectoryLookup {
  const client = createGrpcClient(loadServiceConstructor('directory.v1.DirectoryService'), address);
  const tokens = new CallerTokenCache(internalAuthSecret);
  const options = (caller: CallerContext) => ({
    callerToken: tokens.tokenFor(caller),
    requestId: caller.requestId,
  });
  return {
    isActiveUser: async (caller, userId) => {
      try {
        await client.call.GetUser({ id: userId }, options(caller));
        return true;
      } catch (error) {
        if (isServiceError(error) && error.code === NOT_FOUND) return false;
        throw error;
      }
    },
    tagExists: async (caller, tagId) => {
      const tags = await client.call.ListTags({}, options(caller));
      return tags.data.some((t) => t.id === tagId);
    },
    routingTeam: async (orgId, teamId) => {
      const requestId = newId();
      try {
        const team = await client.call.GetRoutingTeam(
          { id: teamId },
          { callerToken: tokens.tokenFor(serviceCaller(BOT_SERVICE_PRINCIPAL, orgId, requestId)), requestId },
        );
        return {
          id: team.id,
          active: team.active,
          members: team.members.map((m) => ({ userId: m.userId, status: m.status })),
          schedule: {
            open: team.schedule?.open ?? true,
            nextChangeAt: team.schedule?.nextChangeAt ?? null,
            timezone: team.schedule?.timezone ?? 'UTC',
          },
        };
      } catch (error) {
        if (isServiceError(error) && error.code === NOT_FOUND) return null;
        throw error;
      }
    },
    close: () => client.close(),
  };
}
