import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { AnalyticsReport } from '@inbox/contracts';
import type { CallerContext, Db } from '@inbox/platform';
import type { AnalyticsDeps } from '@inbox/analytics';
import { getReport } from '@inbox/analytics/dist/usecases/get-report';

/*
 * --explain: where a slow report's time goes. One forced getReport over a pool that records the
 * statements sent (the platform's settings: jit off), then EXPLAIN (ANALYZE, BUFFERS) of each in
 * one transaction as getReport's, listed slowest first, with the plan of those over `planMs`.
 */

interface Statement {
  text: string;
  values: unknown[];
}

type Query = (...args: unknown[]) => unknown;

export async function explainReport(
  url: string,
  deps: AnalyticsDeps,
  caller: CallerContext,
  report: AnalyticsReport,
  request: { from: string; to: string; timezone: string },
  print: (text: string) => void,
  planMs = 20,
): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 2, options: '-c jit=off' });
  pool.on('error', () => undefined);
  const recorded: Statement[] = [];
  let recording = true;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    Object.assign(client, {
      query: (first: unknown, ...rest: unknown[]) => {
        // (text, values) or ({ text, values? }, values?): drizzle passes the values apart.
        const config = (typeof first === 'string' ? { text: first } : first) as Partial<Statement>;
        const values = config.values ?? (Array.isArray(rest[0]) ? rest[0] : []);
        // The report's own statements; begin/commit and settings are not.
        if (recording && config.text && /^\s*(select|with)\b/i.test(config.text))
          recorded.push({ text: config.text, values });
        return query(first, ...rest);
      },
    });
  });
  try {
    const db = drizzle(pool) as unknown as Db;
    await getReport({ ...deps, db }, caller, report, { ...request, force: true, excludeIncomplete: false });
    recording = false;
    // In order, in one transaction like getReport's: a set_config(…, true) it makes (EXPLAIN
    // ANALYZE runs it) holds for the statements after it.
    const plans: Array<{ ms: number; text: string; plan: string }> = [];
    const client = await pool.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      for (const s of recorded) {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${s.text}`,
          s.values,
        );
        const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        plans.push({ ms: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0), text: s.text, plan });
      }
      await client.query('commit');
    } finally {
      client.release();
    }
    plans.sort((a, b) => b.ms - a.ms);
    const total = Math.round(plans.reduce((sum, p) => sum + p.ms, 0));
    print(
      `EXPLAIN ${report} ${request.from} → ${request.to}: ${plans.length} statements, ${total} ms in all`,
    );
    for (const p of plans) {
      print(`  ${p.ms} ms: ${p.text.replace(/\s+/g, ' ').slice(0, 160)}`);
      if (p.ms >= planMs) print(`${p.text}\n${p.plan}\n`);
    }
  } finally {
    await pool.end();
  }
}
