import * as grpc from '@grpc/grpc-js';
import { loadEchoService, portFromEnv, type EchoMessage } from './echo-proto';

/**
 * Child process of the gateway benchmark: a bare gRPC echo server (no interceptors, no caller
 * token check, no database) — the cheapest service the ceiling's Express route can call.
 */
async function main(): Promise<void> {
  const port = portFromEnv('ECHO_GRPC_PORT');
  const server = new grpc.Server();
  server.addService(loadEchoService().service, {
    Echo: (call: grpc.ServerUnaryCall<EchoMessage, EchoMessage>, callback: grpc.sendUnaryData<EchoMessage>) =>
      callback(null, { message: call.request.message }),
  });
  await new Promise<void>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (error) =>
      error ? reject(error) : resolve(),
    ),
  );
  // The bench stops its children with SIGTERM; nothing to drain in an echo server.
  process.once('SIGTERM', () => server.tryShutdown(() => process.exit(0)));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
