import net from 'node:net';
import { Transform } from 'node:stream';

export interface SlowLink {
  /** `http://127.0.0.1:<port>`: the target, reached through the link. */
  endpoint: string;
  close(): Promise<void>;
}

/** Holds each chunk for as long as it takes to send at `bytesPerSecond`. */
const throttle = (bytesPerSecond: number) =>
  new Transform({
    transform(chunk: Buffer, _encoding, done) {
      setTimeout(() => done(null, chunk), (chunk.length / bytesPerSecond) * 1000);
    },
  });

/**
 * A TCP proxy whose uploads (client → target) crawl at `bytesPerSecond`, answers at full speed:
 * a slow network to a real server, so a test can tell a writer that waits for the server from
 * one that reads its whole source into memory first.
 */
export async function startSlowLink(targetPort: number, bytesPerSecond: number): Promise<SlowLink> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const target = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, target]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        target.destroy();
      });
    }
    client.pipe(throttle(bytesPerSecond)).pipe(target);
    target.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}
