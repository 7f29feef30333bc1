import http from 'node:http';
import * as grpc from '@grpc/grpc-js';
import express from 'express';
import { loadEchoService, portFromEnv, type EchoMessage } from './echo-proto';

type EchoClient = grpc.Client & {
  Echo(request: EchoMessage, options: grpc.CallOptions, callback: grpc.requestCallback<EchoMessage>): void;
};

/**
 * Child process of the gateway benchmark: the ceiling a gateway route can approach — Express 5,
 * one route, one unary gRPC call per request, nothing else. It copies what the gateway does
 * that is not the product's own work: the same channel options, a deadline per call, the same
 * HTTP keep-alive, JSON out.
 */
function main(): void {
  const port = portFromEnv('PORT');
  const Echo = loadEchoService();
  // The options of createGrpcClient in @inbox/platform.
  const client = new Echo(process.env.ECHO_GRPC_ADDR ?? '', grpc.credentials.createInsecure(), {
    'grpc.keepalive_time_ms': 30_000,
    'grpc.max_receive_message_length': 8 * 1024 * 1024,
  }) as unknown as EchoClient;

  const app = express();
  app.disable('x-powered-by');
  app.get('/echo', (_req, res) => {
    client.Echo({ message: 'ping' }, { deadline: Date.now() + 5_000 }, (error, answer) => {
      if (error) res.status(502).json({ error: error.message });
      else res.json(answer);
    });
  });
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000; // as the gateway
  server.listen(port, '127.0.0.1');
  process.once('SIGTERM', () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    client.close();
  });
}

main();
