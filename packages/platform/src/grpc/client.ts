import * as grpc from '@grpc/grpc-js';
import type { ServiceConstructor } from '@inbox/contracts';
import { CONTEXT_METADATA, REQUEST_ID_METADATA } from '../context';
import { assertOutsideTransaction } from '../db/transaction-scope';

export interface CallOptions {
  /** The signed caller context (see CallerTokenCache). */
  callerToken: string;
  requestId: string;
  /** Default 5 s: every call has a deadline. */
  deadlineMs?: number;
}

/**
 * A generated `XxxServiceClient` interface → promise methods named as in the .proto. The last
 * overload of each method is `(argument, callback)`, which is the one `infer` sees.
 */
export type PromiseClient<C> = {
  [K in keyof C as K extends string ? (K extends Capitalize<K> ? K : never) : never]: C[K] extends (
    argument: infer Req,
    callback: grpc.requestCallback<infer Res>,
  ) => grpc.ClientUnaryCall
    ? (request: Req, options: CallOptions) => Promise<Res>
    : never;
};

export interface GrpcClient<C> {
  call: PromiseClient<C>;
  raw: grpc.Client;
  close(): void;
}

export const DEFAULT_DEADLINE_MS = 5_000;

/**
 * The longest wait between two attempts to reach a service that went away. grpc-js grows it to
 * 120 s by default: a service restarted after 10–20 s down (a crash, a rollout) was then left
 * unused for several seconds more, callers answered 503 meanwhile. Trying every 2 s is cheap.
 */
export const MAX_RECONNECT_BACKOFF_MS = 2_000;

/** `ctor` from `loadServiceConstructor` carries the client type: `C` is inferred from it. */
export function createGrpcClient<C>(
  ctor: ServiceConstructor<C>,
  address: string,
  /** Answers larger than the 8 MiB default (a campaign's refused recipients). */
  options: { maxReceiveMessageBytes?: number } = {},
): GrpcClient<C> {
  const raw = new ctor(address, grpc.credentials.createInsecure(), {
    'grpc.keepalive_time_ms': 30_000,
    'grpc.initial_reconnect_backoff_ms': 500,
    'grpc.max_reconnect_backoff_ms': MAX_RECONNECT_BACKOFF_MS,
    'grpc.max_receive_message_length': options.maxReceiveMessageBytes ?? 8 * 1024 * 1024,
    // Every address the name resolves to gets calls (a headless Service lists each pod); the
    // default pick_first would send everything to one replica.
    'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
  });
  const call: Record<string, unknown> = {};
  for (const method of Object.keys(ctor.service)) {
    const fn = (raw as unknown as Record<string, grpc.UntypedHandleCall>)[method] as unknown as (
      request: unknown,
      metadata: grpc.Metadata,
      options: grpc.CallOptions,
      callback: grpc.requestCallback<unknown>,
    ) => grpc.ClientUnaryCall;
    call[method] = (request: unknown, options: CallOptions) =>
      new Promise((resolve, reject) => {
        // Thrown inside the executor: the caller gets a rejected promise, as for any failed call.
        assertOutsideTransaction(`gRPC ${ctor.serviceName}.${method}`);
        const metadata = new grpc.Metadata();
        metadata.set(CONTEXT_METADATA, options.callerToken);
        metadata.set(REQUEST_ID_METADATA, options.requestId);
        const deadline = Date.now() + (options.deadlineMs ?? DEFAULT_DEADLINE_MS);
        fn.call(raw, request, metadata, { deadline }, (error, answer) =>
          error ? reject(error) : resolve(answer),
        );
      });
  }
  return { call: call as PromiseClient<C>, raw, close: () => raw.close() };
}

/** Asks a service's grpc.health.v1 Check; resolves to its serving status or an error text. */
export function checkHealth(healthCtor: grpc.ServiceClientConstructor, address: string, deadlineMs = 2_000) {
  const client = new healthCtor(address, grpc.credentials.createInsecure());
  return new Promise<{ serving: boolean; detail: string }>((resolve) => {
    (
      client as unknown as {
        Check: (r: object, o: grpc.CallOptions, cb: grpc.requestCallback<{ status: string }>) => void;
      }
    ).Check({ service: '' }, { deadline: Date.now() + deadlineMs }, (error, answer) => {
      client.close();
      if (error) resolve({ serving: false, detail: error.details || error.message });
      else resolve({ serving: answer?.status === 'SERVING', detail: answer?.status ?? 'UNKNOWN' });
    });
  });
}
