/** Figures of the bot benchmark (bot.ts, bot-max.ts) on stdout. */

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

export function printTable(title: string, header: string[], rows: string[][]): void {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  console.log(`\n${title}`);
  for (const row of all) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
}
