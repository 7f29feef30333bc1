import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { PROTO_LOADER_OPTIONS } from '@inbox/contracts';

/** `tools/bench/proto/echo.proto`, the same from `src/` and `dist/` (tsc does not copy .proto files). */
const ECHO_PROTO = path.resolve(__dirname, '../proto/echo.proto');

export interface EchoMessage {
  message: string;
}

/**
 * The product's own proto-loader options (defaults, enums as strings...), so the ceiling decodes
 * messages the way the gateway does; only the include path differs.
 */
export function loadEchoService(): grpc.ServiceClientConstructor {
  const definition = protoLoader.loadSync(ECHO_PROTO, { ...PROTO_LOADER_OPTIONS, includeDirs: [] });
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    bench: { echo: { v1: { Echo: grpc.ServiceClientConstructor } } };
  };
  return loaded.bench.echo.v1.Echo;
}

/** A port from the environment, or a loud failure: the bench process always passes one. */
export function portFromEnv(name: string): number {
  const port = Number(process.env[name]);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error(`${name} must be a port number, got ${process.env[name]}`);
  return port;
}
