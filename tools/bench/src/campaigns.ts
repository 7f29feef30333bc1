import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { PidGroups } from './cpu';
import { backendPids, createDatabase, dropDatabase } from './database';
import { startCampaignsSystem, type CampaignsSystem } from './campaigns-system';
import { approvedTemplate, login } from './campaigns-setup';
import { measureCap, type CapFigures } from './campaigns-measure';
import { Probe } from './campaigns-probe';
import { Children } from './processes';
import type { Servers } from './targets';

/*
 * npm run bench:campaigns [-- options] — campaigns sent by 2 worker processes (distributed mode:
 * simulator, directory, inbox, templates, campaigns API, gateway and the workers each in its own
 * process; real PostgreSQL, RabbitMQ, Redis) against the simulator enforcing each cap (throughput
 * 130429, pair rate 131056, status webhooks batched). Per cap: fresh workers with
 * CAMPAIGNS_SEND_RATE=cap, one campaign created through the REST API, the send rate measured at
 * the simulator. Goals (issue 8): ≥ 0.95 of the cap at 80/s; at 1,000/s the highest 2 cores allow,
 * with CPU ms per send to read off the cores 1,000/s needs; status webhooks stored as they arrive;
 * 0 duplicates at the simulator.
 *   --caps 80,1000      the caps measured, in order
 *   --recipients N      the last cap's campaign (default 100,000, sent to the end, the window
 *                       spanning 5 %–95 % of its sends); the other caps' campaigns are sized to
 *                       cap × (warm-up + duration + 15 s) and cancelled after their window
 *   --duration S        measured window of the other caps (default 60), after --warmup S (10)
 *   --full              every cap sends its whole --recipients campaign (80/s × 100,000 ≈ 21 min)
 *   --workers N         worker processes (default 2)
 *   --batch-max N, --batch-window-ms N   the simulator's status batching (100, 5)
 *   --max-seconds S     longest a campaign may send before it is cancelled (default 480)
 * The table: sends/s = sends the simulator accepted in the window ÷ its length (sampled each
 * second); CPU ms per send = CPU time of each process group in the window (/proc/<pid>/stat: the
 * product's processes, the database's backends, RabbitMQ and Redis) ÷ those sends — the bench's
 * own polling (one GET /campaigns/{id} a second) is in it; "others" = machine-wide busy cores not
 * of any group (other work on the machine: compare with care when it is high); READ backlog =
 * READ statuses the gateway accepted minus READ stored, at the window's end; lag = from the
 * simulator's last accepted status webhook to the last READ visible through the API. About 9
 * minutes on 2 cores with the defaults (the 100,000 sends take most of it).
 */

const { values: args } = parseArgs({
  options: {
    caps: { type: 'string', default: '80,1000' },
    recipients: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    full: { type: 'boolean', default: false },
    workers: { type: 'string', default: '2' },
    'batch-max': { type: 'string', default: '100' },
    'batch-window-ms': { type: 'string', default: '5' },
    'max-seconds': { type: 'string', default: '480' },
  },
});
const number = (name: keyof typeof args) => {
  const n = Number(args[name]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
};
const CAPS = String(args.caps).split(',').map(Number);
const RECIPIENTS = number('recipients');
const DURATION = number('duration');
const WARMUP = number('warmup');
const WORKERS = number('workers');

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
  database = undefined;
}
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

const pgrep = (pattern: string) => {
  try {
    return execFileSync('pgrep', ['-f', pattern]).toString().trim().split('\n').map(Number);
  } catch {
    return [];
  }
};

/** Every process of the product by role (the workers of this cap included), the servers, the simulator. */
async function cpuGroups(system: CampaignsSystem, workers: Children): Promise<PidGroups> {
  const pid = system.pids();
  return {
    workers: Object.values(workers.pids()),
    'campaigns API': [pid.campaigns],
    gateway: [pid.gateway],
    'inbox+templates+directory': [pid.inbox, pid.templates, pid.directory],
    postgres: await backendPids(servers.postgresUrl, database!.name),
    'rabbitmq+redis': [...pgrep('beam.smp'), ...pgrep('redis-server')],
    simulator: [pid['whatsapp-sim']],
    bench: [process.pid],
  };
}

async function main(): Promise<void> {
  database = await createDatabase(servers.postgresUrl);
  const system = await startCampaignsSystem(children, servers, database.url, {
    SIM_STATUS_BATCH_MAX: String(number('batch-max')),
    SIM_STATUS_BATCH_WINDOW_MS: String(number('batch-window-ms')),
    SIM_STATUS_DELAY_MS: '50',
  });
  const probe = new Probe(system.api, system.sim, await login(system.api));
  const templateId = await approvedTemplate(probe);
  const results: CapFigures[] = [];
  for (const [index, cap] of CAPS.entries()) {
    const last = index === CAPS.length - 1;
    const complete = args.full || last;
    const sized = Math.ceil(cap * (WARMUP + DURATION + 15));
    let workers = new Children();
    const figures = await measureCap(
      probe,
      templateId,
      {
        cap,
        recipients: complete ? RECIPIENTS : Math.min(RECIPIENTS, sized),
        series: index + 1,
        warmupSeconds: WARMUP,
        durationSeconds: DURATION,
        complete,
        maxSeconds: number('max-seconds'),
      },
      async () => (workers = await system.startWorkers(WORKERS, cap)),
      () => cpuGroups(system, workers),
      children,
    );
    results.push(figures);
    console.error(`cap ${cap}/s measured: ${JSON.stringify(figures)}`);
  }
  const duplicates = (await probe.simCounts(true)).duplicateCount;
  printTable(results, duplicates);
  console.log(JSON.stringify({ bench: 'campaigns', workers: WORKERS, duplicates, results }));
  if (duplicates > 0) process.exitCode = 1;
}

const PRODUCT = [
  'workers',
  'campaigns API',
  'gateway',
  'inbox+templates+directory',
  'postgres',
  'rabbitmq+redis',
];

function printTable(results: CapFigures[], duplicates: number): void {
  const product = (f: CapFigures) =>
    Math.round(PRODUCT.reduce((sum, name) => sum + (f.cpuMsPerSend[name] ?? 0), 0) * 100) / 100;
  const rows: Array<[string, (f: CapFigures) => string]> = [
    ['recipients', (f) => f.recipients.toLocaleString('en-US')],
    ['campaign created in (s)', (f) => String(f.createSeconds)],
    [
      'measured window (s after 1st send)',
      (f) => `${f.window.from}–${f.window.to} (${f.window.sends} sends)`,
    ],
    ['sends/s at the simulator', (f) => String(f.sendsPerSecond)],
    ['ratio to the cap', (f) => String(f.ratio)],
    ['refused 130429 / 131056', (f) => `${f.refused130429} / ${f.refused131056}`],
    ['CPU ms per send, product', (f) => String(product(f))],
    ...PRODUCT.map((name): [string, (f: CapFigures) => string] => [
      `  ${name}`,
      (f) => String(f.cpuMsPerSend[name] ?? '?'),
    ]),
    ['  (simulator, not product)', (f) => String(f.cpuMsPerSend.simulator ?? '?')],
    ['cores for 1,000 sends/s (product)', (f) => String(Math.round(product(f) * 100) / 100)],
    ['machine cores busy / of them others', (f) => `${f.machineCores ?? '?'} / ${f.otherCores ?? '?'}`],
    ['READ backlog at window end', (f) => String(f.readBacklogAtWindowEnd)],
    ['last READ stored after last status (s)', (f) => String(f.statusLagSeconds ?? 'not reached')],
    ['campaign / sent / READ stored', (f) => `${f.finalStatus} / ${f.sentTotal} / ${f.readStored}`],
  ];
  console.log(
    `\n${WORKERS} campaign workers, ${os.availableParallelism()} cores; status webhooks batched ` +
      `(≤ ${args['batch-max']} per webhook, ${args['batch-window-ms']} ms gathering); duplicates at the simulator: ${duplicates}\n`,
  );
  console.log(`| | ${results.map((f) => `cap ${f.cap}/s`).join(' | ')} |`);
  console.log(`|---|${results.map(() => '---:').join('|')}|`);
  for (const [title, cell] of rows) console.log(`| ${title} | ${results.map(cell).join(' | ')} |`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
