import net from 'node:net';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { createGrpcClient, MAX_RECONNECT_BACKOFF_MS } from './client';

const definition = protoLoader.loadSync(path.join(__dirname, 'testdata/echo.proto'), { defaults: true });
const Echo = (grpc.loadPackageDefinition(definition) as any).test.v1
  .EchoService as grpc.ServiceClientConstructor;
type EchoClient = {
  Hello(r: { text: string }, cb: grpc.requestCallback<{ text: string }>): grpc.ClientUnaryCall;
};

/*
 * A service that went away (crashed, restarting) is tried again at least every
 * MAX_RECONNECT_BACKOFF_MS (+ grpc-js's 20 % jitter), so its callers use it again within ~2 s of
 * its return. With grpc-js's defaults (1 s × 1.6 per attempt, up to 120 s) the attempts came at
 * 0, 1, 2.6, 5.2, 9.6 and 17.6 s: a service back after 10 s waited ~8 s for its callers.
 * Here the "service" is a port that accepts each connection and drops it at once: every attempt
 * is seen, none succeeds.
 */
it('tries a service that keeps failing again at least every 2.4 s', async () => {
  const started = Date.now();
  const attempts: number[] = [];
  const dropping = net.createServer((socket) => {
    attempts.push(Date.now() - started);
    socket.destroy();
  });
  await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
  const { port } = dropping.address() as net.AddressInfo;
  const client = createGrpcClient<EchoClient>(Echo, `127.0.0.1:${port}`);
  try {
    // One call starts the channel connecting; it then keeps trying on its own.
    await expect(
      client.call.Hello({ text: 'hi' }, { callerToken: '', requestId: 'r1', deadlineMs: 300 }),
    ).rejects.toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    const gaps = attempts.slice(1).map((at, i) => at - attempts[i]);
    // ~11 attempts at most 2.4 s apart (the cap and its 20 % jitter); the defaults make 6 in 20 s,
    // their gaps reaching 4.4 and 8 s. Loose bounds: a loaded machine only delays attempts a little.
    expect(attempts.length).toBeGreaterThanOrEqual(8);
    expect(Math.max(...gaps)).toBeLessThan(MAX_RECONNECT_BACKOFF_MS * 1.2 + 1_500);
  } finally {
    client.close();
    await new Promise((resolve) => dropping.close(resolve));
  }
}, 30_000);
