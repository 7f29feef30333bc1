import os from 'node:os';
import type { Figures, LoadSettings } from './load';

const COLUMNS: Array<[string, (f: Figures) => string]> = [
  ['target', (f) => f.name],
  ['req/s (avg)', (f) => String(f.reqPerSec)],
  ['p50 ms', (f) => String(f.p50Ms)],
  ['p99 ms', (f) => String(f.p99Ms)],
  ['non-2xx', (f) => String(f.non2xx)],
  ['errors', (f) => String(f.errors)],
  ['body B', (f) => String(f.bodyBytes)],
  ['wire B/resp', (f) => String(f.wireBytesPerResponse)],
  ['CPU ms/req', (f) => String(f.cpuMsPerRequest)],
  [
    'machine cores busy',
    (f) => (f.cpu.machineCores === undefined ? '?' : `${f.cpu.machineCores}/${os.availableParallelism()}`),
  ],
];

const OTHERS_WARNING = 0.4;

/** Machine-wide busy cores minus those of the benchmark's own processes. */
export function otherCores(f: Figures): number | undefined {
  if (f.cpu.machineCores === undefined) return undefined;
  const ours = Object.values(f.cpu.cores).reduce((a, b) => a + b, 0);
  return Math.max(0, Math.round((f.cpu.machineCores - ours) * 100) / 100);
}

/** Human-readable figures on stdout; the JSON line that follows carries the same and more. */
export function printTable(figures: Figures[], ratio: number, settings: LoadSettings): void {
  const rows = [COLUMNS.map(([title]) => title), ...figures.map((f) => COLUMNS.map(([, cell]) => cell(f)))];
  const widths = COLUMNS.map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  console.log(
    `\nautocannon: ${settings.connections} connections, ${settings.duration} s measured ` +
      `after ${settings.warmup} s warm-up, ${os.availableParallelism()} cores`,
  );
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
  for (const f of figures) {
    const cores = Object.entries(f.cpu.cores).map(([name, n]) => `${name} ${n}`);
    const others = otherCores(f);
    if (others !== undefined) cores.push(`rest of the machine ${others}`);
    console.log(`  ${f.name} CPU (cores): ${cores.join(', ')}; load average ${f.cpu.loadAverage1m}`);
    // Redis, RabbitMQ and the postmaster land here too, but rarely this much: something else ran.
    if (others !== undefined && others > OTHERS_WARNING)
      console.log(
        `  WARNING: ${others} cores went to other processes during the ${f.name} run; compare with care`,
      );
  }
  console.log(`ratio gateway/ceiling (req/s): ${ratio}`);
}
