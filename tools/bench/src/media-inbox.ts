import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { providerWhatsAppKey } from '@inbox/contracts';
import {
  createLogger,
  InProcessBus,
  newId,
  RabbitMqBus,
  type EventBus,
  type OutgoingEvent,
} from '@inbox/platform';
import { openTestDatabase } from '@inbox/platform/testing';
import { startInboxApp } from '@inbox/inbox';

/*
 * The inbox process of the media memory measurement (bench:media and its CI test): the real inbox
 * app (PGlite and the in-process bus, or PostgreSQL and RabbitMQ when DATABASE_URL and AMQP_URL
 * are set), a webhook endpoint standing in for the gateway's, and an RSS sampler. The driver talks
 * to it over IPC; the simulator and the upload client live in the driver's process, so what is
 * measured here is the inbox alone.
 */

export type ChildRequest = { cmd: 'baseline' } | { cmd: 'peak' } | { cmd: 'query'; text: string };
export type ChildCommand = ChildRequest & { id: number };

export interface ChildReady {
  ready: true;
  httpPort: number;
  webhookUrl: string;
  internalSecret: string;
  orgId: number;
  rss: number;
}

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

/** What the gateway does with a webhook (minus the signature check): one event per change. */
function webhookServer(bus: EventBus): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as {
        entry: { id: string; changes: { field: string; value: Record<string, unknown> }[] }[];
      };
      const events: OutgoingEvent[] = body.entry.flatMap((entry) =>
        entry.changes.map((change) => ({
          envelope: {
            id: newId(),
            type: providerWhatsAppKey(change.field),
            orgId: 0,
            occurredAt: new Date().toISOString(),
            data: {
              wabaId: entry.id,
              field: change.field,
              value: change.value,
              receivedAt: new Date().toISOString(),
            },
          },
        })),
      );
      bus.publish(events).then(
        () => res.end('EVENT_RECEIVED'),
        () => res.writeHead(503).end(),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function main(): Promise<void> {
  const logger = createLogger('inbox', 'warn');
  const database = await openTestDatabase();
  const bus: EventBus = process.env.AMQP_URL
    ? await RabbitMqBus.connect(process.env.AMQP_URL, logger, {
        namespace: `media${randomBytes(3).toString('hex')}`,
        ephemeral: true,
      })
    : new InProcessBus(logger);
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-media-'));
  const internalSecret = randomBytes(32).toString('hex');
  const orgId = 1;
  const simUrl = env('SIM_URL');
  const app = await startInboxApp({
    database,
    bus,
    logger,
    directory: {
      isActiveUser: async () => true,
      tagExists: async () => true,
      routingTeam: async () => null,
      close: () => undefined,
    },
    internalAuthSecret: internalSecret,
    encryptionKey: randomBytes(32).toString('base64'),
    mediaDir,
    settings: { defaultApiBaseUrl: simUrl, defaultApiVersion: 'v23.0', allowedApiBaseUrls: [] },
    grpcAddress: '127.0.0.1:0',
    httpPort: 0,
    httpHost: '127.0.0.1',
    bootstrapChannel: {
      orgId,
      phoneNumberId: env('SIM_PHONE_NUMBER_ID'),
      wabaId: env('SIM_WABA_ID'),
      accessToken: env('SIM_ACCESS_TOKEN'),
      apiBaseUrl: simUrl,
      apiVersion: 'v23.0',
    },
  });
  const webhooks = await webhookServer(bus);

  let baseline = process.memoryUsage.rss();
  let peak = baseline;
  setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10).unref();

  const answer = async (command: ChildCommand) => {
    switch (command.cmd) {
      case 'baseline':
        baseline = process.memoryUsage.rss();
        peak = baseline;
        return { baseline };
      case 'peak':
        peak = Math.max(peak, process.memoryUsage.rss());
        return { baseline, peak };
      case 'query': {
        // A raw read for the driver's checks; drizzle's result type differs per driver.
        const result = (await app.deps.db.execute(sql.raw(command.text))) as unknown as { rows: unknown[] };
        return { rows: result.rows };
      }
    }
  };
  process.on('message', (command: ChildCommand) => {
    answer(command).then(
      (result) => process.send?.({ id: command.id, ok: true, result }),
      (error: unknown) => process.send?.({ id: command.id, ok: false, error: String(error) }),
    );
  });
  process.once('disconnect', () => {
    webhooks.close();
    void app
      .stop()
      .then(() => bus.close())
      .then(() => database.close())
      .finally(() => {
        fs.rmSync(mediaDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
  const ready: ChildReady = {
    ready: true,
    httpPort: app.httpPort,
    webhookUrl: `http://127.0.0.1:${(webhooks.address() as AddressInfo).port}/`,
    internalSecret,
    orgId,
    rss: process.memoryUsage.rss(),
  };
  process.send?.(ready);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
