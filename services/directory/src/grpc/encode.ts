import type * as grpc from '@grpc/grpc-js';
import type { DirectoryServiceHandlers } from '@inbox/contracts';
import type { ServiceImpl } from '@inbox/platform';

/** The directory's gRPC methods as promise functions over (request, caller). */
export type DirectoryImpl = ServiceImpl<DirectoryServiceHandlers>;

/** The message a method answers with, e.g. `Reply<'CreateTag'>` is the Tag message. */
export type Reply<K extends keyof DirectoryServiceHandlers> =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- request side is irrelevant here
  DirectoryServiceHandlers[K] extends grpc.handleUnaryCall<any, infer Res> ? Res : never;

export { iso, opt } from '@inbox/platform';
