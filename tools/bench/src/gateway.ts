import os from 'node:os';
import { backendPids, createDatabase, dropDatabase } from './database';
import { measure, type Figures, type LoadSettings } from './load';
import { Children } from './processes';
import { printTable } from './report';
import { startCeiling, startGatewaySystem, type Servers } from './targets';

/*
 * npm run bench:gateway — the authenticated GET /api/v1/users through the gateway (distributed
 * arrangement: gateway and directory in their own processes, real PostgreSQL, RabbitMQ, Redis)
 * against the ceiling on the same machine in the same run: Express 5 making one gRPC echo call.
 * Absolute figures swing ±30 % between runs on 2 cores; the ratio is the figure to compare.
 */

const GOAL = 0.7;

function positiveInt(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be an integer ≥ ${min}, got ${raw}`);
  return value;
}

const settings: LoadSettings = {
  connections: positiveInt('BENCH_CONNECTIONS', 50),
  duration: positiveInt('BENCH_DURATION', 10),
  warmup: positiveInt('BENCH_WARMUP', 3, 0),
};
const servers: Servers = {
  postgresUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  amqpUrl: process.env.BENCH_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
};

const children = new Children();
let database: { name: string; url: string } | undefined;
let cleaning: Promise<void> | undefined;
let interrupted = false;

/** Once, whichever way the run ends: our children by PID, then our database. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await children.stopAll();
    if (database)
      await dropDatabase(servers.postgresUrl, database.name).catch((e) => console.error('drop database:', e));
  })();
  return cleaning;
}

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => {
    interrupted = true;
    process.stderr.write(`\n${signal}: stopping the benchmark's processes...\n`);
    void cleanUp().finally(() => process.exit(code));
  });
}

async function main(): Promise<number> {
  const load = os.loadavg().map((n) => n.toFixed(2));
  process.stderr.write(`load average before start (1, 5, 15 min): ${load.join(' ')}\n`);
  database = await createDatabase(servers.postgresUrl);
  // Both arrangements are up before either is measured: a broken start fails in seconds, and the
  // two measured runs follow each other closely (idle processes cost next to nothing).
  const [ceilingTarget, gatewayTarget] = await Promise.all([
    startCeiling(children),
    startGatewaySystem(children, servers, database.url),
  ]);
  const pid = children.pids();
  const self = [process.pid]; // autocannon runs here
  const ceiling = await measure(ceilingTarget, settings, async () => ({
    'bench+autocannon': self,
    'echo-http': [pid['echo-http']],
    'echo-grpc': [pid['echo-grpc']],
  }));
  const gateway = await measure(gatewayTarget, settings, async () => ({
    'bench+autocannon': self,
    gateway: [pid.gateway],
    directory: [pid.directory],
    postgres: await backendPids(servers.postgresUrl, database!.name),
  }));
  children.assertAlive();
  // autocannon drops its connections with requests in flight; let the gateway finish them first.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return report(ceiling, gateway);
}

function report(ceiling: Figures, gateway: Figures): number {
  const ratio = ceiling.reqPerSec > 0 ? Math.round((gateway.reqPerSec / ceiling.reqPerSec) * 1000) / 1000 : 0;
  const failures = [ceiling, gateway].filter((f) => f.non2xx > 0 || f.errors > 0);
  printTable([ceiling, gateway], ratio, settings);
  if (failures.length === 0) console.log(ratio >= GOAL ? 'GOAL MET' : `GOAL MISSED (ratio < ${GOAL})`);
  else
    console.error(
      `FAILED: non-2xx answers or errors in the measured ${failures.map((f) => f.name).join(' and ')} run; ` +
        'the figures mean nothing',
    );
  const valid = failures.length === 0;
  console.log(
    JSON.stringify({
      bench: 'gateway',
      ...settings,
      ceiling,
      gateway,
      ratio,
      goal: GOAL,
      goalMet: valid && ratio >= GOAL,
      valid,
    }),
  );
  return valid ? 0 : 1;
}

main()
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    // After Ctrl-C the run fails because its processes are gone: not worth a second message.
    if (!interrupted) console.error('FAILED:', error instanceof Error ? error.message : error);
    await cleanUp();
    process.exit(1);
  });
