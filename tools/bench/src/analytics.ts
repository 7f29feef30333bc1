import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ANALYTICS_DEFAULT_TIMEZONE } from '@inbox/contracts';
import { createLogger, MemoryCache, openPostgres, type CallerContext, type Database } from '@inbox/platform';
import { DB_SCHEMA, MIGRATIONS_FOLDER, reportCacheOver, type AnalyticsDeps } from '@inbox/analytics';
import { bucketStart } from '@inbox/analytics/dist/reports/buckets';
import { snapshot, since } from './cpu';
import { createDatabase, dropDatabase } from './database';
import {
  BIG_ORG,
  CHECK_ORG,
  DAY_MS,
  HOUR_MS,
  ORGS,
  campaignEvents,
  directoryEvents,
  timeline,
} from './analytics-data';
import { applyBatched, checkBulkRows, loadConversations, type Rate } from './analytics-load';
import { explainReport } from './analytics-explain';
import { measureReports, printReportTable, type Range } from './analytics-reports';
import { calibratedMean, type StorySettings } from './analytics-stories';

/*
 * npm run bench:analytics [-- options] — the analytics read models at the issue's size
 * (1,000,000 conversations, 10,000,000 messages over 400 days, four organizations, one with 85 %
 * of it; handoffs, assignments, resolutions, reopens, bot turns, agents' status changes,
 * campaigns with their recipients), drawn from a seed as the services publish their events, in a
 * fresh PostgreSQL database (dropped at the end). Goals (issue 10): each report's p95 cold
 * (force: no cache) < 500 ms and cached < 10 ms, for the last 30 days and the last year, in
 * America/Mexico_City; and the projection rate (events/s).
 *
 * How the events get in: the directory's and the campaigns' events, and a first sample of the
 * conversations, through the real projections (applyEvent): --consumer-events through the
 * consumer's handler (one event per transaction with its processed_events row, --lanes
 * conversations at once), then --batched-events through applyEvent in transactions of --batch
 * events (one connection). Everything after that is bulk-loaded: the rows the projections would
 * write, computed in memory with the projections' own cycle rules (analytics-rows.ts) and
 * inserted in bulk, because applyEvent at a few thousand events/s would need hours for the ~20
 * million conversation events. Before that, --check-conversations conversations go both ways into
 * a scratch organization and their rows must be equal (else the bench stops). --project-all
 * applies every event with applyEvent instead (hours at the issue's size).
 *   --conversations N (1,000,000)   --messages N (10,000,000)   --days N (400)   --seed N (42)
 *   --end ISO       a local midnight in Mexico City, "now" for the reports (2025-10-16T06:00:00Z)
 *   --consumer-events N (20,000)   --lanes N (8)   --batched-events N (100,000)   --batch N (500)
 *   --check-conversations N (1,000)   --cold-runs N (20)   --cached-runs N (200)
 *   BENCH_POSTGRES_URL or DATABASE_URL (the server; default postgres://postgres@127.0.0.1:5432/postgres)
 *   --explain MS    then EXPLAIN (ANALYZE, BUFFERS) every statement of the reports whose cold p95
 *                   is MS or more (500: those that missed the goal), slowest first, on stderr
 *   BENCH_KEEP=1 keeps the database (its URL is printed)
 * Report times are of getReport in this process (no gRPC or gateway). Load averages and busy
 * cores are printed per phase: the machine may be shared (CI, other benches).
 */

const { values: args } = parseArgs({
  options: {
    conversations: { type: 'string', default: '1000000' },
    messages: { type: 'string', default: '10000000' },
    days: { type: 'string', default: '400' },
    seed: { type: 'string', default: '42' },
    end: { type: 'string', default: '2025-10-16T06:00:00Z' },
    'consumer-events': { type: 'string', default: '20000' },
    lanes: { type: 'string', default: '8' },
    'batched-events': { type: 'string', default: '100000' },
    batch: { type: 'string', default: '500' },
    'check-conversations': { type: 'string', default: '1000' },
    'cold-runs': { type: 'string', default: '20' },
    'cached-runs': { type: 'string', default: '200' },
    'project-all': { type: 'boolean', default: false },
    explain: { type: 'string' },
  },
});
const number = (name: keyof typeof args) => {
  const n = Number(String(args[name]).replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
};

const serverUrl =
  process.env.BENCH_POSTGRES_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TIMEZONE = ANALYTICS_DEFAULT_TIMEZONE;
const END = new Date(String(args.end));
const CONVERSATIONS = number('conversations');
const MESSAGES = number('messages');
const TIMELINE = timeline(END, number('days'));
const SEED = number('seed');
const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/** A phase's figures with how busy the machine was meanwhile. */
async function phase<T extends object>(name: string, work: () => Promise<T>) {
  const before = snapshot({ bench: [process.pid] });
  const result = await work();
  const cpu = since(before, { bench: [process.pid] });
  const load = {
    machineCores: cpu.machineCores,
    benchCores: cpu.cores.bench,
    loadAverage1m: cpu.loadAverage1m,
  };
  log(`${name}: ${JSON.stringify(result)} ${JSON.stringify(load)}`);
  return { ...result, load };
}

const tables = async (pool: pg.Pool) =>
  (
    await pool.query<{ table: string; rows: number; mb: number }>(
      `select c.relname as table, c.reltuples::bigint::float8 as rows,
              round(pg_total_relation_size(c.oid) / 1048576.0, 1)::float8 as mb
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'analytics' and c.relkind = 'r' order by c.relname`,
    )
  ).rows;

/** Local midnight `days` days before `end` (a local midnight): the last `days` local days. */
const lastDays = (name: string, days: number): Range => ({
  name,
  from: bucketStart(new Date(END.getTime() - days * DAY_MS + 12 * HOUR_MS), TIMEZONE, 'day'),
  to: END,
});

async function run(database: Database, pool: pg.Pool, url: string) {
  await database.migrate(DB_SCHEMA, MIGRATIONS_FOLDER);
  const deps: AnalyticsDeps = {
    db: database.db,
    cache: reportCacheOver(new MemoryCache({ maxEntries: 500 })),
    logger: createLogger('bench-analytics', 'silent'),
    now: () => END,
  };
  const settings: StorySettings = {
    seed: SEED,
    timeline: TIMELINE,
    conversations: CONVERSATIONS,
    meanMessages: 0,
    orgs: ORGS,
  };
  settings.meanMessages = calibratedMean(settings, MESSAGES / Math.max(1, CONVERSATIONS));
  const check = await phase('check', () =>
    checkBulkRows(deps.db, pool, {
      ...settings,
      conversations: number('check-conversations'),
      orgs: [CHECK_ORG],
      indexBase: 0xe000_0000,
    }),
  );
  if (check.differences.length > 0)
    throw new Error(`bulk rows differ from applyEvent's:\n${check.differences.join('\n')}`);
  const batch = number('batch');
  const directory = await phase('directory events', () =>
    applyBatched(deps.db, directoryEvents(SEED, TIMELINE, ORGS), batch),
  );
  const scale = Math.min(1, CONVERSATIONS / 1_000_000);
  const campaigns = await phase('campaign events', () =>
    applyBatched(deps.db, campaignEvents(SEED, TIMELINE, ORGS, scale), batch),
  );
  const conversations = await phase('conversations', () =>
    loadConversations(deps, pool, settings, {
      consumerEvents: number('consumer-events'),
      batchedEvents: args['project-all'] ? Infinity : number('batched-events'),
      batch,
      lanes: number('lanes'),
      progress: log,
    }),
  );
  const analyze = await phase('vacuum analyze', async () => {
    const started = performance.now();
    await pool.query('vacuum analyze');
    return { seconds: Math.round((performance.now() - started) / 100) / 10 };
  });
  const sizes = await tables(pool);

  const admin = BIG_ORG.admins[0];
  const caller: CallerContext = {
    orgId: BIG_ORG.id,
    kind: 'USER',
    principalId: admin,
    role: 'ADMIN',
    userId: admin,
    requestId: 'bench-analytics',
  };
  const ranges = [lastDays('30 days', 30), lastDays('1 year', 365)];
  const runs = { cold: number('cold-runs'), cached: number('cached-runs') };
  const reports = await phase('reports', async () => ({
    results: await measureReports(deps, caller, ranges, runs, TIMEZONE, log),
  }));
  const explainOver = args.explain === undefined ? null : number('explain');
  if (explainOver !== null)
    for (const slow of reports.results.filter((r) => r.cold.p95 >= explainOver)) {
      const range = ranges.find((r) => r.name === slow.range)!;
      const request = { from: range.from.toISOString(), to: range.to.toISOString(), timezone: TIMEZONE };
      await explainReport(url, deps, caller, slow.report, request, (text) => console.error(text));
    }
  return { check, directory, campaigns, conversations, analyze, sizes, reports, ranges };
}

type Figures = Awaited<ReturnType<typeof run>>;

function printRates(f: Figures): void {
  const { consumer, batched, bulk, total } = f.conversations;
  const lanes = number('lanes');
  const row = (name: string, r: Rate, load = f.conversations.load) =>
    `| ${name} | ${r.events.toLocaleString('en-US')} | ${r.seconds} | ${r.eventsPerSecond.toLocaleString('en-US')} |` +
    ` ${load.machineCores ?? '?'} / ${load.loadAverage1m} |`;
  console.log('\n| path | events | s | events/s | machine cores busy / load 1 min (whole phase) |');
  console.log('|---|---:|---:|---:|---|');
  console.log(
    row(`consumer (1 event/transaction + processed_events, ${lanes} conversations at once)`, consumer),
  );
  console.log(
    row(`applyEvent, ${number('batch')} events/transaction, 1 connection (conversations)`, batched),
  );
  console.log(row(`applyEvent batched: directory events`, f.directory, f.directory.load));
  console.log(
    row(`applyEvent batched: campaign events (≤ 100 recipients each)`, f.campaigns, f.campaigns.load),
  );
  console.log(row('bulk load of the same rows (NOT applyEvent)', bulk));
  const all = total.events + f.directory.events + f.campaigns.events;
  console.log(
    `\n${total.conversations.toLocaleString('en-US')} conversations, ${total.messages.toLocaleString('en-US')} messages, ` +
      `${all.toLocaleString('en-US')} events (${bulk.events.toLocaleString('en-US')} of them bulk-loaded as rows, ` +
      `not through applyEvent); all of them through batched applyEvent would take ~` +
      `${Math.round(all / Math.max(1, batched.eventsPerSecond) / 60)} min at its rate, through the consumer path ~` +
      `${Math.round(all / Math.max(1, consumer.eventsPerSecond) / 60)} min. Check: ${f.check.conversations} ` +
      `conversations (${f.check.events} events, ${f.check.rows} rows) bulk-loaded = applyEvent's rows: ` +
      `${f.check.differences.length === 0 ? 'yes' : 'NO'}.`,
  );
  console.log(
    `read models: ${f.sizes.map((s) => `${s.table} ${s.rows.toLocaleString('en-US')} rows ${s.mb} MB`).join(', ')}`,
  );
}

let created: { name: string; url: string } | undefined;
const cleanUp = async () => {
  if (created && process.env.BENCH_KEEP !== '1')
    await dropDatabase(serverUrl, created.name).catch((e) => console.error('drop database:', e));
  else if (created) console.log(`kept database ${created.url}`);
  created = undefined;
};
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(code)));

async function main(): Promise<void> {
  const loadAtStart = os.loadavg().map((n) => Math.round(n * 100) / 100);
  created = await createDatabase(serverUrl);
  log(`database ${created.name}; load average ${loadAtStart.join(' ')}; ${os.availableParallelism()} cores`);
  const database = openPostgres(created.url, { max: 12, statementTimeoutMs: 120_000 });
  const pool = new pg.Pool({ connectionString: created.url, max: 3 });
  pool.on('error', () => undefined);
  try {
    const f = await run(database, pool, created.url);
    console.log(
      `\nanalytics bench: ${CONVERSATIONS.toLocaleString('en-US')} conversations, ${MESSAGES.toLocaleString('en-US')} ` +
        `messages asked, ${TIMELINE.days} days to ${END.toISOString()}, seed ${SEED}, organization ${BIG_ORG.id} ` +
        `(${BIG_ORG.share * 100} % of the conversations) measured; node ${process.version}, ` +
        `${os.availableParallelism()} cores; load average at start ${loadAtStart.join(' ')}, ` +
        `during the reports ${f.reports.load.loadAverage1m} (machine cores busy ${f.reports.load.machineCores ?? '?'})`,
    );
    printRates(f);
    console.log(
      `\nReports (getReport in process, ${TIMEZONE}; cold = force, ${number('cold-runs')} runs after a first ` +
        `call; cached = ${number('cached-runs')} calls from the memory cache). Goals: cold p95 < 500 ms, cached p95 < 10 ms.\n`,
    );
    printReportTable(f.reports.results, f.ranges);
    const missed = f.reports.results.filter((r) => !r.met).map((r) => `${r.report} ${r.range}`);
    console.log(missed.length === 0 ? '\nGOALS MET' : `\nGOALS MISSED: ${missed.join(', ')}`);
    const { check, ...rest } = f;
    console.log(
      JSON.stringify({
        bench: 'analytics',
        size: { conversations: CONVERSATIONS, messages: MESSAGES, days: TIMELINE.days, seed: SEED },
        loadAverageAtStart: loadAtStart,
        cores: os.availableParallelism(),
        check: { ...check, equal: check.differences.length === 0 },
        ...rest,
        ranges: f.ranges.map((r) => ({ name: r.name, from: r.from.toISOString(), to: r.to.toISOString() })),
      }),
    );
  } finally {
    await pool.end();
    await database.close();
  }
}

main().then(
  () => cleanUp(),
  (error: unknown) => {
    console.error('FAILED:', error instanceof Error ? error.stack : error);
    process.exitCode = 1;
    return cleanUp();
  },
);
