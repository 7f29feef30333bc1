import { newId } from '@inbox/platform';
import type * as grpc from '@grpc/grpc-js';
import { loadProto, PROTO_FILES, type DirectoryServiceClient } from '@inbox/contracts';
import {
  createGrpcClient,
  type CallerTokenCache,
  type CallOptions,
  type PromiseClient,
} from '@inbox/platform';

type Directory = PromiseClient<DirectoryServiceClient>;
type Method = keyof Directory;

/** The directory's methods, plus a way to call the few that need no principal (login, resolving one). */
export interface DirectoryApi {
  call: Directory;
  anonymous<K extends Method>(method: K, request: Parameters<Directory[K]>[0]): ReturnType<Directory[K]>;
  close(): void;
}

export function connectDirectory(address: string, callerTokens: CallerTokenCache): DirectoryApi {
  const proto = loadProto(PROTO_FILES.directory) as unknown as {
    directory: { v1: { DirectoryService: grpc.ServiceClientConstructor } };
  };
  const client = createGrpcClient<DirectoryServiceClient>(proto.directory.v1.DirectoryService, address);
  const anonymousToken = () =>
    callerTokens.tokenFor({ orgId: 0, kind: 'ANONYMOUS', principalId: '', role: null, userId: null });
  return {
    call: client.call,
    anonymous: (method, request) => {
      const options: CallOptions = { callerToken: anonymousToken(), requestId: newId() };
      return (client.call[method] as (r: unknown, o: CallOptions) => ReturnType<Directory[typeof method]>)(
        request,
        options,
      );
    },
    close: () => client.close(),
  };
}
