import * as grpc from '@grpc/grpc-js';
import { loadServiceDefinition } from '@inbox/contracts';
import {
  CONTEXT_METADATA,
  REQUEST_ID_METADATA,
  verifyCallerToken,
  type CallerContext,
  type CallerSecrets,
} from '../context';
import { runWithDeadline } from '../db/call-deadline';
import { unauthenticated } from '../errors';
import { newId } from '../ids';
import { serviceOf, type Logger } from '../logger';
import { grpcHandled, grpcHandlingSeconds } from '../metrics/catalog';
import { runWithRequestId } from '../request-scope';
import { toServiceError } from './errors';

/** A unary method as services write it: the decoded request and the verified caller in, the answer out. */
export type UnaryImpl<Req, Res> = (request: Req, caller: CallerContext) => Promise<Res>;

/** Turns a generated `XxxServiceHandlers` type into the promise-returning shape services implement. */
export type ServiceImpl<H> = {
  // `string extends K` drops the index signature inherited from UntypedServiceImplementation.
  [K in keyof H as string extends K ? never : K]: H[K] extends grpc.handleUnaryCall<infer Req, infer Res>
    ? UnaryImpl<Req, Res>
    : never;
};

export interface ServiceBinding {
  definition: grpc.ServiceDefinition;
  implementation: Record<string, UnaryImpl<never, unknown>>;
  /** Methods an anonymous caller may reach (login, refresh); every other one needs a principal. */
  anonymousMethods?: readonly string[];
}

export interface GrpcServerOptions {
  logger: Logger;
  /** Verifies the callers' context: INTERNAL_AUTH_SECRET, and its previous value during a rotation. */
  internalAuthSecret: CallerSecrets;
  services: ServiceBinding[];
  /** Readiness as the standard health service reports it: usually a database ping. */
  readiness: () => Promise<boolean>;
  /** The largest request message accepted (default 8 MiB); a campaign's recipient list needs more. */
  maxReceiveMessageBytes?: number;
}

export const DEFAULT_MAX_RECEIVE_MESSAGE_BYTES = 8 * 1024 * 1024;

function firstValue(metadata: grpc.Metadata, key: string): string | undefined {
  const value = metadata.get(key)[0];
  return typeof value === 'string' ? value : undefined;
}

/** The status's name as metrics label it (OK, NOT_FOUND, …); grpc-js's enum maps numbers back to names. */
const codeName = (code: number): string => grpc.status[code] ?? 'UNKNOWN';

function adapt(
  path: string,
  name: string,
  impl: UnaryImpl<unknown, unknown>,
  allowAnonymous: boolean,
  opts: GrpcServerOptions,
  service: string,
) {
  const serve = (
    call: grpc.ServerUnaryCall<unknown, unknown>,
    callback: grpc.sendUnaryData<unknown>,
    requestId: string,
  ) => {
    const started = performance.now();
    const done = (code: number) => {
      const ms = performance.now() - started;
      const labels = { service, method: path, code: codeName(code) };
      grpcHandled.inc(labels);
      grpcHandlingSeconds.observe(labels, ms / 1000);
      // One debug line per call, under the gateway's request id: `LOG_LEVEL=debug` traces a request.
      opts.logger.debug({ method: name, code, ms: Math.round(ms) }, 'grpc call');
    };
    const fail = (error: unknown) => {
      const serviceError = toServiceError(error, opts.logger.child({ method: name }));
      done(serviceError.code ?? grpc.status.UNKNOWN);
      callback(serviceError);
    };
    let caller: CallerContext;
    try {
      const token = firstValue(call.metadata, CONTEXT_METADATA);
      if (!token) throw unauthenticated('Calls must carry a caller context signed by the gateway');
      caller = verifyCallerToken(opts.internalAuthSecret, token, requestId);
      if (caller.kind === 'ANONYMOUS' && !allowAnonymous) throw unauthenticated();
    } catch (error) {
      fail(error);
      return;
    }
    // The caller's deadline bounds the queries made for it (db/call-deadline.ts).
    const deadline = call.getDeadline();
    const deadlineMs = deadline instanceof Date ? deadline.getTime() : deadline;
    runWithDeadline(deadlineMs, () => impl(call.request, caller)).then((answer) => {
      done(grpc.status.OK);
      callback(null, answer);
    }, fail);
  };
  // Every line written for the call, here and in the use case, carries the gateway's request id.
  const handler: grpc.handleUnaryCall<unknown, unknown> = (call, callback) => {
    const requestId = firstValue(call.metadata, REQUEST_ID_METADATA) ?? newId();
    runWithRequestId(requestId, () => serve(call, callback, requestId));
  };
  return handler;
}

/** Health service name that only says the process is alive (Kubernetes liveness probes). */
export const LIVENESS_SERVICE = 'liveness';

const MAX_CONNECTION_AGE_MS = 5 * 60_000;
export const READINESS_DEADLINE_MS = 2000;

/**
 * The standard grpc.health.v1 service: the overall status ('') is SERVING only while `readiness`
 * says so (a database ping); `liveness` is SERVING while the process answers at all.
 */
function healthService(readiness: () => Promise<boolean>): {
  definition: grpc.ServiceDefinition;
  impl: grpc.UntypedServiceImplementation;
} {
  // A dependency that never answers must not hold the probe until the kubelet gives up: the
  // answer is NOT_SERVING after READINESS_DEADLINE_MS (the probes' timeouts are above it).
  const ready = () =>
    Promise.race([
      readiness().catch(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), READINESS_DEADLINE_MS).unref()),
    ]);
  const status = async (service: string) =>
    service === LIVENESS_SERVICE || (await ready()) ? 'SERVING' : 'NOT_SERVING';
  const serviceOf = (request: unknown) => (request as { service?: string }).service ?? '';
  return {
    definition: loadServiceDefinition('grpc.health.v1.Health'),
    impl: {
      Check: (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
        status(serviceOf(call.request)).then((s) => callback(null, { status: s }));
      },
      Watch: (call: grpc.ServerWritableStream<unknown, unknown>) => {
        status(serviceOf(call.request)).then((s) => {
          call.write({ status: s });
          call.end();
        });
      },
    },
  };
}

export interface RunningGrpcServer {
  port: number;
  /** Stops accepting calls, lets in-flight ones finish (up to `graceMs`), then forces. */
  shutdown(graceMs?: number): Promise<void>;
}

export async function startGrpcServer(opts: GrpcServerOptions, address: string): Promise<RunningGrpcServer> {
  const server = new grpc.Server({
    'grpc.max_receive_message_length': opts.maxReceiveMessageBytes ?? DEFAULT_MAX_RECEIVE_MESSAGE_BYTES,
    // Clients reconnect (and resolve the name again) every 5 minutes, so replicas added by a
    // scale-up get their share; the grace outlives the longest call deadline (120 s).
    'grpc.max_connection_age_ms': MAX_CONNECTION_AGE_MS,
    'grpc.max_connection_age_grace_ms': 130_000,
  });
  const serviceLabel = serviceOf(opts.logger);
  for (const service of opts.services) {
    const anonymous = new Set(service.anonymousMethods ?? []);
    const impl: grpc.UntypedServiceImplementation = {};
    for (const [method, { path }] of Object.entries(service.definition)) {
      const fn = service.implementation[method] as UnaryImpl<unknown, unknown> | undefined;
      if (!fn) throw new Error(`gRPC method ${method} has no implementation`);
      impl[method] = adapt(path, method, fn, anonymous.has(method), opts, serviceLabel);
    }
    server.addService(service.definition, impl);
  }
  const health = healthService(opts.readiness);
  server.addService(health.definition, health.impl);

  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(address, grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    port,
    shutdown: (graceMs = 10_000) =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      }),
  };
}
