import net from 'node:net';

/**
 * A TCP proxy in front of a real RabbitMQ that injects the faults a test cannot ask the broker
 * for (a real memory alarm would block every other user of a shared broker): it can hold the
 * broker's frames back (so confirms never arrive), and play a resource alarm as RabbitMQ does it.
 * Both directions are cut into whole frames, so injected frames never land inside another.
 */
export interface AmqpFaultProxy {
  /** The target URL with the proxy's address: same credentials and virtual host. */
  url: string;
  holdReplies(): void;
  releaseReplies(): void;
  /**
   * As RabbitMQ under a memory alarm: every connection gets `connection.blocked`, and one that
   * publishes anyway is no longer read from (its publishes, acks, everything) until the alarm ends.
   */
  startAlarm(reason: string): void;
  endAlarm(): void;
  close(): Promise<void>;
}

const FRAME_METHOD = 1;
const FRAME_END = 0xce;
const CONNECTION_CLASS = 10;
const BLOCKED = 60;
const UNBLOCKED = 61;
const BASIC_CLASS = 60;
const PUBLISH = 40;
const PROTOCOL_HEADER_LENGTH = 8;

/** Cuts a byte stream into whole frames (after `skip` leading bytes, the client's protocol header). */
function frameSplitter(onFrame: (frame: Buffer) => void, skip = 0) {
  let pending = Buffer.alloc(0);
  let toSkip = skip;
  return (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    if (toSkip > 0) {
      const skipped = pending.subarray(0, toSkip);
      pending = pending.subarray(skipped.length);
      toSkip -= skipped.length;
      onFrame(skipped);
    }
    while (pending.length >= 7) {
      const total = 7 + pending.readUInt32BE(3) + 1;
      if (pending.length < total) break;
      onFrame(pending.subarray(0, total));
      pending = pending.subarray(total);
    }
  };
}

const isPublish = (frame: Buffer) =>
  frame.length >= 11 &&
  frame.readUInt8(0) === FRAME_METHOD &&
  frame.readUInt16BE(7) === BASIC_CLASS &&
  frame.readUInt16BE(9) === PUBLISH;

function connectionFrame(method: number, reason?: string): Buffer {
  const text = reason === undefined ? Buffer.alloc(0) : Buffer.from(reason);
  const payload = Buffer.alloc(4 + (reason === undefined ? 0 : 1 + text.length));
  payload.writeUInt16BE(CONNECTION_CLASS, 0);
  payload.writeUInt16BE(method, 2);
  if (reason !== undefined) {
    payload.writeUInt8(text.length, 4);
    text.copy(payload, 5);
  }
  const header = Buffer.alloc(7);
  header.writeUInt8(FRAME_METHOD, 0);
  header.writeUInt16BE(0, 1);
  header.writeUInt32BE(payload.length, 3);
  return Buffer.concat([header, payload, Buffer.from([FRAME_END])]);
}

interface Link {
  client: net.Socket;
  broker: net.Socket;
  held: Buffer[];
  /** Published during the alarm: nothing more reaches the broker until it ends. */
  blocked: boolean;
  heldUp: Buffer[];
}

export async function startAmqpFaultProxy(targetUrl: string): Promise<AmqpFaultProxy> {
  const target = new URL(targetUrl);
  const links = new Set<Link>();
  let holding = false;
  let alarm = false;

  const server = net.createServer((client) => {
    const broker = net.connect(Number(target.port || 5672), target.hostname);
    const link: Link = { client, broker, held: [], blocked: false, heldUp: [] };
    links.add(link);
    broker.on(
      'data',
      frameSplitter((frame) => {
        if (holding) link.held.push(frame);
        else client.write(frame);
      }),
    );
    client.on(
      'data',
      frameSplitter((frame) => {
        if (alarm && isPublish(frame)) link.blocked = true;
        if (link.blocked) link.heldUp.push(frame);
        else broker.write(frame);
      }, PROTOCOL_HEADER_LENGTH),
    );
    const end = () => {
      links.delete(link);
      client.destroy();
      broker.destroy();
    };
    client.on('close', end).on('error', end);
    broker.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(targetUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as net.AddressInfo).port);

  const toClients = (frame: Buffer) => {
    for (const link of links) link.client.write(frame);
  };
  return {
    url: proxied.toString(),
    holdReplies: () => {
      holding = true;
    },
    releaseReplies: () => {
      holding = false;
      for (const link of links) for (const frame of link.held.splice(0)) link.client.write(frame);
    },
    startAlarm: (reason) => {
      alarm = true;
      toClients(connectionFrame(BLOCKED, reason));
    },
    endAlarm: () => {
      alarm = false;
      for (const link of links) {
        link.blocked = false;
        for (const frame of link.heldUp.splice(0)) link.broker.write(frame);
      }
      toClients(connectionFrame(UNBLOCKED));
    },
    close: async () => {
      for (const link of links) {
        link.client.destroy();
        link.broker.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
