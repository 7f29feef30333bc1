import type * as grpc from '@grpc/grpc-js';
import type { TemplatesServiceHandlers } from '@inbox/contracts';
import type { ServiceImpl } from '@inbox/platform';

/** The templates service's gRPC methods as promise functions over (request, caller). */
export type TemplatesImpl = ServiceImpl<TemplatesServiceHandlers>;

/** The message a method answers with, e.g. `Reply<'GetTemplate'>`. */
export type Reply<K extends keyof TemplatesServiceHandlers> =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- request side is irrelevant here
  TemplatesServiceHandlers[K] extends grpc.handleUnaryCall<any, infer Res> ? Res : never;
