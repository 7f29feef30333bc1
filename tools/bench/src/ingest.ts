import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase, dropDatabase } from './database';
import { startIngestSystem, type IngestSystem } from './ingest-system';
import { WebhookFactory } from './ingest-webhooks';
import { Children } from './processes';
import type { Servers } from './targets';

/*
 * npm run bench:ingest — signed WhatsApp webhooks through the gateway (distributed arrangement:
 * gateway, inbox and directory in their own processes; real PostgreSQL, RabbitMQ, Redis) until
 * every message is stored. Goal on 2 cores: ≥ 1,000 events/s accepted at p99 < 100 ms, and
 * ≥ 300 messages/s stored. One event = one webhook `change` (BENCH_MESSAGES_PER_WEBHOOK messages).
 */

/** autocannon options this script uses beyond those in autocannon.d.ts: a body per request, a fixed rate. */
interface WebhookLoad extends autocannon.Options {
  method: 'POST';
  overallRate?: number;
  requests: Array<{ setupRequest: (req: object) => object }>;
}
const run = autocannon as unknown as (options: WebhookLoad) => Promise<autocannon.Result>;

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const RATE = env('BENCH_RATE', 1_000);
const DURATION = env('BENCH_DURATION', 10);
const CONNECTIONS = env('BENCH_CONNECTIONS', 50);
const PER_WEBHOOK = env('BENCH_MESSAGES_PER_WEBHOOK', 1);
const servers: Servers = {
  postgresUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  amqpUrl: process.env.BENCH_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
};

const children = new Children();
let database: { name: string; url: string } | undefined;

async function cleanUp(): Promise<void> {
  await children.stopAll();
  if (database)
    await dropDatabase(servers.postgresUrl, database.name).catch((e) => console.error('drop database:', e));
}
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

async function load(
  system: IngestSystem,
  factory: WebhookFactory,
  rate: number | undefined,
  duration: number,
) {
  const result = await run({
    url: `${system.api}/webhooks/whatsapp`,
    method: 'POST',
    connections: CONNECTIONS,
    duration,
    ...(rate ? { overallRate: rate } : {}),
    requests: [{ setupRequest: (req) => ({ ...req, ...factory.next() }) }],
  });
  return {
    eventsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    accepted: result.requests.total - result.non2xx,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Waits until every message sent so far is stored; returns when the last one landed. */
async function drain(
  client: pg.Client,
  expected: number,
  timeoutMs = 300_000,
): Promise<{ stored: number; at: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    children.assertAlive();
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from inbox.messages');
    if (rows[0].n >= expected || Date.now() > deadline) return { stored: rows[0].n, at: Date.now() };
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main(): Promise<void> {
  database = await createDatabase(servers.postgresUrl);
  const system = await startIngestSystem(children, servers, database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const factory = new WebhookFactory(system, PER_WEBHOOK);
    await load(system, factory, 200, 2); // warm-up: JIT, pools, the first conversations
    await drain(client, factory.messagesBuilt);

    const start = Date.now();
    const before = factory.messagesBuilt;
    const fixed = await load(system, factory, RATE, DURATION);
    const fixedDrain = await drain(client, factory.messagesBuilt);
    const storedPerSec = Math.round((fixedDrain.stored - before) / ((fixedDrain.at - start) / 1000));

    const maxStart = Date.now();
    const maxBefore = factory.messagesBuilt;
    const max = await load(system, factory, undefined, DURATION);
    const maxDrain = await drain(client, factory.messagesBuilt);
    const maxStoredPerSec = Math.round((maxDrain.stored - maxBefore) / ((maxDrain.at - maxStart) / 1000));
    const duplicates = (
      await client.query<{ n: number }>(
        'select count(*)::int - count(distinct provider_message_id)::int as n from inbox.messages',
      )
    ).rows[0].n;

    console.log(`\nmessages per webhook: ${PER_WEBHOOK}, connections: ${CONNECTIONS}, ${DURATION} s per run`);
    console.table({
      [`fixed rate ${RATE}/s`]: { ...fixed, storedPerSec, stored: fixedDrain.stored - before },
      'as fast as accepted': { ...max, storedPerSec: maxStoredPerSec, stored: maxDrain.stored - maxBefore },
    });
    const lost = factory.messagesBuilt - maxDrain.stored;
    console.log(
      `sent ${factory.messagesBuilt} messages, stored ${maxDrain.stored}, lost ${lost}, duplicates ${duplicates}`,
    );
    const met =
      fixed.eventsPerSec >= RATE * 0.98 &&
      fixed.p99 < 100 &&
      storedPerSec >= 300 &&
      fixed.non2xx === 0 &&
      lost === 0 &&
      duplicates === 0;
    console.log(
      met
        ? 'GOAL MET'
        : 'GOAL MISSED (≥ 1,000 events/s at p99 < 100 ms, ≥ 300 messages/s stored, nothing lost)',
    );
    console.log(
      JSON.stringify({
        bench: 'ingest',
        perWebhook: PER_WEBHOOK,
        fixed: { ...fixed, storedPerSec },
        max: { ...max, storedPerSec: maxStoredPerSec },
        lost,
        duplicates,
      }),
    );
    if (fixed.errors > 0 || max.errors > 0 || fixed.non2xx > 0) process.exitCode = 1;
  } finally {
    await client.end();
    await cleanUp();
  }
}

main().catch(async (error) => {
  console.error(error);
  await cleanUp();
  process.exit(1);
});
