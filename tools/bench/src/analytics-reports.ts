import { ANALYTICS_REPORTS, type AnalyticsReport } from '@inbox/contracts';
import type { CallerContext } from '@inbox/platform';
import type { AnalyticsDeps } from '@inbox/analytics';
import { getReport } from '@inbox/analytics/dist/usecases/get-report';

/*
 * Each report's latency through getReport (the gRPC handlers' use case: resolveQuery, the cache,
 * REPORTS in a repeatable-read read-only transaction, the JSON document), in process: no gRPC, no
 * gateway. Cold = force (the cache skipped, everything recomputed; PostgreSQL's own buffers stay
 * warm after the first call, which is shown apart); cached = the same request again, answered
 * from the memory cache.
 */

export const COLD_GOAL_MS = 500;
export const CACHED_GOAL_MS = 10;

export interface Range {
  name: string;
  from: Date;
  to: Date;
}

export interface ReportTiming {
  report: AnalyticsReport;
  range: string;
  bytes: number;
  firstMs: number;
  cold: { p50: number; p95: number; max: number; runs: number };
  cached: { p50: number; p95: number; runs: number };
  met: boolean;
}

const ms = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;
const round = (n: number) => Math.round(n * 100) / 100;

function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]);
  return { p50: at(0.5), p95: at(0.95), max: at(1) };
}

export async function measureReports(
  deps: AnalyticsDeps,
  caller: CallerContext,
  ranges: Range[],
  runs: { cold: number; cached: number },
  timezone: string,
  progress: (line: string) => void,
): Promise<ReportTiming[]> {
  const results: ReportTiming[] = [];
  for (const report of ANALYTICS_REPORTS)
    for (const range of ranges) {
      const request = (force: boolean) => ({
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        timezone,
        force,
        excludeIncomplete: false,
      });
      let started = process.hrtime.bigint();
      const document = await getReport(deps, caller, report, request(true));
      const firstMs = round(ms(started));
      const cold: number[] = [];
      for (let i = 0; i < runs.cold; i++) {
        started = process.hrtime.bigint();
        await getReport(deps, caller, report, request(true));
        cold.push(ms(started));
      }
      // The last forced call stored its document: from here on the cache answers.
      const cached: number[] = [];
      for (let i = 0; i < runs.cached; i++) {
        started = process.hrtime.bigint();
        const json = await getReport(deps, caller, report, request(false));
        cached.push(ms(started));
        if (!json.endsWith('"cached":true}')) throw new Error(`${report} ${range.name}: not from the cache`);
      }
      const c = percentiles(cold);
      const h = percentiles(cached);
      const timing: ReportTiming = {
        report,
        range: range.name,
        bytes: Buffer.byteLength(document),
        firstMs,
        cold: { ...c, runs: cold.length },
        cached: { p50: h.p50, p95: h.p95, runs: cached.length },
        met: c.p95 < COLD_GOAL_MS && h.p95 < CACHED_GOAL_MS,
      };
      progress(`${report} ${range.name}: ${JSON.stringify(timing)}`);
      results.push(timing);
    }
  return results;
}

/** Report × range, the ranges side by side (markdown, for the closing note). */
export function printReportTable(results: ReportTiming[], ranges: Range[]): void {
  const cell = (r: ReportTiming | undefined) =>
    r
      ? [
          `${r.cold.p50} / ${r.cold.p95}${r.cold.p95 < COLD_GOAL_MS ? '' : ' ✗'}`,
          `${r.cached.p95}${r.cached.p95 < CACHED_GOAL_MS ? '' : ' ✗'}`,
          String(r.firstMs),
        ]
      : ['', '', ''];
  const header = ranges.flatMap((g) => [
    `${g.name}: cold p50 / p95 ms`,
    `${g.name}: cached p95 ms`,
    `${g.name}: first call ms`,
  ]);
  console.log(`| report | ${header.join(' | ')} |`);
  console.log(`|---|${header.map(() => '---:').join('|')}|`);
  for (const report of ANALYTICS_REPORTS) {
    const cells = ranges.flatMap((g) => cell(results.find((r) => r.report === report && r.range === g.name)));
    console.log(`| ${report} | ${cells.join(' | ')} |`);
  }
}
