import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createLogger, openPostgres, type CallerContext, type Db } from '@inbox/platform';
import { conversationQueryHandlers, DB_SCHEMA, MIGRATIONS_FOLDER, type InboxDeps } from '@inbox/inbox';
import { createDatabase, dropDatabase } from './database';
import { CATEGORIES, COMMON_WORD, RARE_WORD, seedFacts, seedInbox, type SeedFacts } from './seed-inbox';

/*
 * npm run bench:inbox — the inbox's list, count and search queries for one organization with
 * 100,000 conversations and ~1,000,000 messages in real PostgreSQL, through the gRPC handlers
 * in-process (SQL, contact and tag loading, encoding; no network). Goals (p95): under 100 ms for
 * filters and counts, under 300 ms for searches.
 *   BENCH_KEEP=1               keep the database (its URL is printed)
 *   BENCH_DATABASE=<name>      measure a kept database instead of seeding one (never dropped)
 *   BENCH_ONLY=<regexp>        only the queries whose names match
 *   BENCH_EXPLAIN=1            EXPLAIN ANALYZE every query (always done for a query that misses)
 *   BENCH_PROPOSED_INDEXES=1   add PROPOSED_INDEXES first, to compare
 *   BENCH_RUNS, BENCH_CONVERSATIONS, BENCH_POSTGRES_URL
 */

const env = process.env;
const serverUrl = env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const runs = Number(env.BENCH_RUNS ?? 50);
const WARMUP = 5;
const conversations = Number(env.BENCH_CONVERSATIONS ?? 100_000);
const only = new RegExp(env.BENCH_ONLY ?? '', 'i');

/** Not in schema.ts: what `waiting_longest` and `windowExpiresWithin` need as an organization grows. */
const PROPOSED_INDEXES = [
  'create index if not exists conversations_org_customer on inbox.conversations (org_id, last_customer_message_at, id)',
];

const FILTER = 100;
const SEARCH = 300;

type Api = ReturnType<typeof conversationQueryHandlers>;
type ListRequest = Parameters<Api['ListConversations']>[0];
type Filter = Parameters<Api['CountConversations']>[0];
type Statement = { text: string; values: unknown[] };
/** `goalMs` undefined: measured for information, outside the goals. */
type Query = { name: string; goalMs?: number; run: () => Promise<number> };
type Result = { name: string; rows: number; p50: number; p95: number; goalMs?: number; met: boolean };

function queries(api: Api, caller: CallerContext, facts: SeedFacts): Query[] {
  const f = (filter: Partial<Filter> = {}): Filter => ({
    searchInMessages: false,
    followUp: false,
    tagIds: [],
    ...filter,
  });
  const page = async (req: Partial<ListRequest>) =>
    api.ListConversations({ filter: null, limit: 50, sort: '', ...req }, caller);
  const list = (name: string, req: Partial<ListRequest>, goalMs = FILTER): Query => ({
    name,
    goalMs,
    run: async () => (await page(req)).data.length,
  });
  const count = (name: string, filter: Filter, goalMs?: number): Query => ({
    name,
    goalMs,
    run: async () => (await api.CountConversations(filter, caller)).all ?? 0,
  });
  let cursor: string | undefined;
  return [
    list('default list (newest)', {}),
    list('status=OPEN', { filter: f({ status: 'OPEN' }) }),
    list('assignedTo=<user>', { filter: f({ assignedTo: facts.users[0] }) }),
    list('assignedTo=none, status=OPEN', { filter: f({ assignedTo: 'none', status: 'OPEN' }) }),
    list(`category=${CATEGORIES[3]}`, { filter: f({ category: CATEGORIES[3] }) }),
    list('subFilter=needs_action', { filter: f({ subFilter: 'needs_action' }) }),
    list('subFilter=needs_action_window_open', { filter: f({ subFilter: 'needs_action_window_open' }) }),
    list('tagIds=<1 tag>', { filter: f({ tagIds: [facts.tags[0]] }) }),
    list('tagIds=<2 tags>', { filter: f({ tagIds: [facts.tags[0], facts.tags[5]] }) }),
    list('windowExpiresWithin=60', { filter: f({ windowExpiresWithin: 60 }) }),
    list('sort=waiting_longest', { sort: 'waiting_longest' }),
    list('sort=created_newest', { sort: 'created_newest' }),
    {
      name: 'second page (cursor)',
      goalMs: FILTER,
      run: async () => {
        cursor ??= (await page({})).nextCursor;
        return (await page({ cursor })).data.length;
      },
    },
    count('counts (no filter)', f(), FILTER),
    count('counts (assignedTo=<user>)', f({ assignedTo: facts.users[0] }), FILTER),
    list('search contact "sofía herrera"', { filter: f({ search: 'sofía herrera' }) }, SEARCH),
    list('search contact "martínez"', { filter: f({ search: 'martínez' }) }, SEARCH),
    list(
      `searchInMessages rare "${RARE_WORD}"`,
      { filter: f({ search: RARE_WORD, searchInMessages: true }) },
      SEARCH,
    ),
    list(
      `searchInMessages common "${COMMON_WORD}"`,
      { filter: f({ search: COMMON_WORD, searchInMessages: true }) },
      SEARCH,
    ),
    count(`counts, searchInMessages rare "${RARE_WORD}"`, f({ search: RARE_WORD, searchInMessages: true })),
    count(
      `counts, searchInMessages common "${COMMON_WORD}"`,
      f({ search: COMMON_WORD, searchInMessages: true }),
    ),
  ];
}

/** A pool that can record the statements the handlers send, to EXPLAIN them. */
function recordingPool(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => undefined);
  const recorded: Statement[] = [];
  let recording = false;
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  Object.assign(pool, {
    query: (first: string | Statement, values?: unknown[], ...rest: unknown[]) => {
      if (recording)
        recorded.push({ text: typeof first === 'string' ? first : first.text, values: values ?? [] });
      return query(first, values, ...rest);
    },
  });
  const record = async (fn: () => Promise<unknown>) => {
    recorded.length = 0;
    recording = true;
    await fn().finally(() => (recording = false));
    return [...recorded];
  };
  return { pool, record };
}

async function measure(q: Query): Promise<Result> {
  for (let i = 0; i < WARMUP; i++) await q.run();
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    rows = await q.run();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] * 10) / 10;
  const p95 = at(0.95);
  return {
    name: q.name,
    rows,
    p50: at(0.5),
    p95,
    goalMs: q.goalMs,
    met: q.goalMs === undefined || p95 < q.goalMs,
  };
}

async function explain(pool: pg.Pool, statements: Statement[]) {
  for (const s of statements) {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${s.text}`,
      s.values,
    );
    console.log(
      `\n${s.text}\n-- ${JSON.stringify(s.values)}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`,
    );
  }
}

function printTable(results: Result[]) {
  const rows = [
    ['query', 'rows', 'p50 ms', 'p95 ms', 'goal p95', 'met'],
    ...results.map((r) => [
      r.name,
      String(r.rows),
      String(r.p50),
      String(r.p95),
      r.goalMs === undefined ? '(info)' : `< ${r.goalMs}`,
      r.goalMs === undefined ? '-' : r.met ? 'yes' : 'NO',
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  console.log(
    `\n${runs} runs each after ${WARMUP} warm-up runs; ${os.availableParallelism()} cores; load ${os.loadavg()[0].toFixed(2)}`,
  );
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
}

/** The kept database named by BENCH_DATABASE: its newest message stands for "now". */
async function describeKept(url: string): Promise<SeedFacts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client
    .query<{ now: Date } & SeedFacts['counts']>(
      `select (select max(last_message_at) from inbox.conversations) as now,
              (select count(*) from inbox.contacts)::int as contacts,
              (select count(*) from inbox.conversations)::int as conversations,
              (select count(*) from inbox.messages)::int as messages,
              (select count(*) from inbox.conversation_tags)::int as "conversationTags"`,
    )
    .finally(() => client.end());
  const { now, ...counts } = rows[0];
  return seedFacts(now, counts);
}

async function seed(url: string): Promise<SeedFacts> {
  const migrator = openPostgres(url, { max: 1 });
  await migrator.migrate(DB_SCHEMA, MIGRATIONS_FOLDER);
  await migrator.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  const facts = await seedInbox(client, { conversations, contacts: Math.round(conversations * 0.8) }).finally(
    () => client.end(),
  );
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  console.log(`seeded ${JSON.stringify(facts.counts)} in ${seconds} s ${JSON.stringify(facts.seconds)}`);
  return facts;
}

async function run(url: string, facts: SeedFacts): Promise<void> {
  const { pool, record } = recordingPool(url);
  try {
    if (env.BENCH_PROPOSED_INDEXES === '1') {
      for (const statement of PROPOSED_INDEXES) await pool.query(statement);
      await pool.query('analyze inbox.conversations');
      console.log(`with the proposed indexes:\n  ${PROPOSED_INDEXES.join('\n  ')}`);
    }
    const now = () => facts.now;
    // The query use cases touch nothing but the database and the clock.
    const api = conversationQueryHandlers({
      db: drizzle(pool) as unknown as Db,
      now,
      logger: createLogger('bench', 'silent'),
    } as InboxDeps);
    const user = facts.users[0];
    const caller: CallerContext = {
      orgId: facts.orgId,
      kind: 'USER',
      principalId: user,
      role: 'ADMIN',
      userId: user,
      requestId: 'bench',
    };
    const results: Result[] = [];
    for (const q of queries(api, caller, facts).filter((q) => only.test(q.name))) {
      const result = await measure(q);
      results.push(result);
      console.log(`${result.name}: p50 ${result.p50} ms, p95 ${result.p95} ms, ${result.rows} rows`);
      if (env.BENCH_EXPLAIN === '1' || !result.met) await explain(pool, await record(q.run));
    }
    printTable(results);
    const missed = results.filter((r) => !r.met).map((r) => r.name);
    console.log(missed.length === 0 ? 'GOALS MET' : `GOALS MISSED: ${missed.join(', ')}`);
    console.log(
      JSON.stringify({ bench: 'inbox', runs, seed: facts.counts, seedSeconds: facts.seconds, results }),
    );
  } finally {
    await pool.end();
  }
}

let created: { name: string; url: string } | undefined;
/** Our own database only, and only when not asked to keep it. */
const cleanUp = async () => {
  if (created && env.BENCH_KEEP !== '1')
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
  if (env.BENCH_DATABASE) {
    const url = new URL(serverUrl);
    url.pathname = `/${env.BENCH_DATABASE}`;
    return run(url.toString(), await describeKept(url.toString()));
  }
  created = await createDatabase(serverUrl);
  await run(created.url, await seed(created.url));
}

main().then(
  () => cleanUp().then(() => process.exit(0)),
  (error: unknown) => {
    console.error('FAILED:', error instanceof Error ? error.stack : error);
    return cleanUp().then(() => process.exit(1));
  },
);
