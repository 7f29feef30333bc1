import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { providerWhatsAppKey, type ProviderWhatsAppData } from '@inbox/contracts';
import { closeHttpServer, newId, REQUEST_ID_METADATA, type EventBus } from '@inbox/platform';
import { verifySignature } from '@inbox/whatsapp';

/**
 * The gateway's webhook ingress as the templates service sees it, for tests: checks the
 * simulator's signature, splits the payload into one `provider.whatsapp.<field>` event per change
 * (organization 0, as the gateway publishes them) and answers 200 once the bus took them.
 */
export interface WebhookIngress {
  url: string;
  /** Webhooks received with a bad signature (there should be none). */
  refused: number;
  close(): Promise<void>;
}

interface Payload {
  entry?: { id?: unknown; time?: unknown; changes?: { field?: unknown; value?: unknown }[] }[];
}

export function providerEvents(payload: Payload, receivedAt: Date) {
  return (payload.entry ?? []).flatMap((entry) =>
    (entry.changes ?? []).map((change) => {
      const data: ProviderWhatsAppData = {
        wabaId: String(entry.id ?? ''),
        field: String(change.field),
        ...(typeof entry.time === 'number' ? { time: entry.time } : {}),
        value: change.value as Record<string, unknown>,
        receivedAt: receivedAt.toISOString(),
      };
      const envelope = {
        id: newId(),
        type: providerWhatsAppKey(data.field),
        orgId: 0,
        occurredAt: receivedAt.toISOString(),
        data,
      };
      return { envelope, headers: { [REQUEST_ID_METADATA]: `webhook-${envelope.id}` } };
    }),
  );
}

/**
 * One change of an account-level webhook, as the gateway publishes it: `receivedAt` may be set in
 * the past, and `eventAt` (WhatsApp's `entry[].time`, whole seconds) to another moment than now.
 */
export const providerChange = (
  wabaId: string,
  field: string,
  value: Record<string, unknown>,
  receivedAt = new Date(),
  eventAt = new Date(),
) =>
  providerEvents(
    { entry: [{ id: wabaId, time: Math.floor(eventAt.getTime() / 1000), changes: [{ field, value }] }] },
    receivedAt,
  )[0];

export async function startWebhookIngress(bus: EventBus, appSecret: string): Promise<WebhookIngress> {
  const ingress = { refused: 0 } as WebhookIngress;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      if (!verifySignature(raw, req.headers['x-hub-signature-256'] as string | undefined, appSecret)) {
        ingress.refused++;
        res.writeHead(401).end();
        return;
      }
      const events = providerEvents(JSON.parse(raw.toString('utf8')) as Payload, new Date());
      bus.publish(events).then(
        () => res.writeHead(200).end('EVENT_RECEIVED'),
        () => res.writeHead(503).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ingress.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/whatsapp`;
  ingress.close = () => closeHttpServer(server);
  return ingress;
}
