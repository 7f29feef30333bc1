import { loadServiceConstructor } from '@inbox/contracts';
import { CallerTokenCache, createGrpcClient, isServiceError, type CallerContext } from '@inbox/platform';

/** What the inbox asks the directory, on behalf of the caller (their organization, their rights). */
export interface DirectoryLookup {
  /** Whether the user is an active (not deleted) user of the caller's organization. */
  isActiveUser(caller: CallerContext, userId: string): Promise<boolean>;
  /** Whether the tag exists in the caller's organization. */
  tagExists(caller: CallerContext, tagId: string): Promise<boolean>;
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
    close: () => client.close(),
  };
}
