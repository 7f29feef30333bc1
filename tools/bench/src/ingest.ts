import autocannon from 'autocannon';
import pg from 'pg';
import { execFileSync } from 'node:child_process';
import { since, snapshot, type PidGroups } from './cpu';
import { backendPids, createDatabase, dropDatabase } from './database';
import { startIngestSystem, type IngestSystem } from './ingest-system';
import { WebhookFactory } from './ingest-webhooks';
import { Children } from './processes';
import type { Servers } from './targets';

/*
 * npm run bench:ingest — signed WhatsApp webhooks through the gateway (distributed arrangement:
 * gateway, inbox and directory in their own processes; real PostgreSQL, RabbitMQ, Redis) until
 * every message is stored. The same load runs twice, side by side: the inbox storing one message
 * per transaction (INBOX_INGEST_BATCH=1, as before batching) and in batches (the default).
 * Goal on 2 cores, at an offered 1,000 messages/s for 60 s: ≥ 1,000 events/s accepted at p99 <
 * 100 ms, messages stored during the load ≥ 0.9 × accepted, the backlog drained within 10 s of
 * the end, nothing lost, no duplicates. One event = one webhook `change`.
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
const DURATION = env('BENCH_DURATION', 60);
const CONNECTIONS = env('BENCH_CONNECTIONS', 50);
const PER_WEBHOOK = env('BENCH_MESSAGES_PER_WEBHOOK', 1);
const servers: Servers = {
  postgresUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  amqpUrl: process.env.BENCH_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
};
const ARRANGEMENTS: Array<{ label: string; inboxEnv: Record<string, string> }> = [
  { label: 'one transaction per message', inboxEnv: { INBOX_INGEST_BATCH: '1' } },
  { label: 'batched (default)', inboxEnv: {} },
];

let children = new Children();
let database: { name: string; url: string } | undefined;

async function cleanUp(): Promise<void> {
  await children.stopAll();
  if (database)
    await dropDatabase(servers.postgresUrl, database.name).catch((e) => console.error('drop database:', e));
  database = undefined;
}
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

async function load(system: IngestSystem, factory: WebhookFactory, rate: number, duration: number) {
  const result = await run({
    url: `${system.api}/webhooks/whatsapp`,
    method: 'POST',
    connections: CONNECTIONS,
    duration,
    overallRate: rate,
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

const storedCount = async (client: pg.Client) =>
  (await client.query<{ n: number }>('select count(*)::int as n from inbox.messages')).rows[0].n;

/** Waits until `expected` messages are stored; answers how many are, and when the last one landed. */
async function drain(client: pg.Client, expected: number, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    children.assertAlive();
    const stored = await storedCount(client);
    if (stored >= expected || Date.now() > deadline) return { stored, at: Date.now() };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The processes whose CPU time the run reports: this script (autocannon), each service, the servers. */
async function cpuGroups(databaseName: string): Promise<PidGroups> {
  const pid = children.pids();
  const pgrep = (pattern: string) => {
    try {
      return execFileSync('pgrep', ['-f', pattern]).toString().trim().split('\n').map(Number);
    } catch {
      return [];
    }
  };
  return {
    'bench+autocannon': [process.pid],
    gateway: [pid.gateway],
    inbox: [pid.inbox],
    directory: [pid.directory],
    postgres: await backendPids(servers.postgresUrl, databaseName),
    rabbitmq: pgrep('beam.smp'),
  };
}

async function measure(inboxEnv: Record<string, string>) {
  children = new Children();
  database = await createDatabase(servers.postgresUrl);
  const system = await startIngestSystem(children, servers, database.url, inboxEnv);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const factory = new WebhookFactory(system, PER_WEBHOOK);
    await load(system, factory, 200, 2); // warm-up: JIT, pools, the first conversations
    await drain(client, factory.messagesBuilt);

    const before = factory.messagesBuilt;
    const groups = await cpuGroups(database.name);
    const cpuBefore = snapshot(groups);
    const fixed = await load(system, factory, RATE, DURATION);
    const end = Date.now();
    const cpu = since(cpuBefore, groups);
    const storedDuringLoad = (await storedCount(client)) - before;
    const drained = await drain(client, factory.messagesBuilt);
    // Counted by this run's wamids: a broker queue shared with an earlier, interrupted run may
    // still hold that run's webhooks, which would otherwise hide a loss.
    const { n: ours, duplicates } = (
      await client.query<{ n: number; duplicates: number }>(
        `select count(*)::int as n, count(*)::int - count(distinct provider_message_id)::int as duplicates
         from inbox.messages where provider_message_id like $1`,
        [`wamid.bench.${factory.run}.%`],
      )
    ).rows[0];
    const acceptedMessages = fixed.accepted * PER_WEBHOOK;
    return {
      ...fixed,
      storedPerSec: Math.round(storedDuringLoad / DURATION),
      storedRatio: Number((storedDuringLoad / acceptedMessages).toFixed(3)),
      drainSeconds: Number(((drained.at - end) / 1000).toFixed(1)),
      lost: factory.messagesBuilt - ours,
      duplicates,
      cores: cpu.cores,
    };
  } finally {
    await client.end();
    await cleanUp();
  }
}

async function main(): Promise<void> {
  const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  // BENCH_ONLY=batched: one arrangement (profiling), chosen by a part of its label.
  const chosen = ARRANGEMENTS.filter((a) => a.label.includes(process.env.BENCH_ONLY ?? ''));
  for (const { label, inboxEnv } of chosen) results[label] = await measure(inboxEnv);

  console.log(
    `\noffered ${RATE} webhooks/s for ${DURATION} s; messages per webhook: ${PER_WEBHOOK}, connections: ${CONNECTIONS}`,
  );
  console.table(Object.fromEntries(Object.entries(results).map(([k, { cores: _, ...r }]) => [k, r])));
  console.log('cores used during the load (of 2):');
  console.table(Object.fromEntries(Object.entries(results).map(([k, r]) => [k, r.cores])));
  const after = results[chosen[chosen.length - 1].label];
  const stores =
    after.storedRatio >= 0.9 && after.drainSeconds <= 10 && after.lost === 0 && after.duplicates === 0;
  const accepts = after.eventsPerSec >= RATE * 0.98 && after.p99 < 100 && after.non2xx === 0;
  console.log(
    `storing: ${stores ? 'GOAL MET' : 'GOAL MISSED'} (stored ≥ 0.9 × accepted during the load, drained within 10 s, nothing lost, no duplicates)`,
  );
  console.log(
    `accepting: ${accepts ? 'GOAL MET' : 'GOAL MISSED'} (≥ ${RATE * 0.98} webhooks/s accepted at p99 < 100 ms)`,
  );
  console.log(
    JSON.stringify({ bench: 'ingest', rate: RATE, duration: DURATION, perWebhook: PER_WEBHOOK, results }),
  );
  if (Object.values(results).some((r) => r.errors > 0 || r.non2xx > 0 || r.lost > 0)) process.exitCode = 1;
}

main().catch(async (error) => {
  console.error(error);
  await cleanUp();
  process.exit(1);
});
