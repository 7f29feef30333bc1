import fs from 'node:fs';
import os from 'node:os';

/*
 * Where the 2 cores go during a measured run: CPU time of the processes of each side (from
 * /proc, Linux only; elsewhere the figures are simply missing) and of the whole machine, so
 * load from anything else running meanwhile (other builds, tests) shows up next to the figures.
 */

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

export type PidGroups = Record<string, number[]>;

interface Snapshot {
  at: number;
  machine?: { busy: number; total: number };
  groups: Record<string, number>;
}

export interface CpuFigures {
  /** Cores busy on the whole machine (of os.availableParallelism()). */
  machineCores?: number;
  /** Cores used by each group of processes. */
  cores: Record<string, number>;
  loadAverage1m: number;
}

function machineTicks(): Snapshot['machine'] {
  try {
    const fields = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - fields[3] - fields[4], total }; // idle and iowait
  } catch {
    return undefined;
  }
}

/** utime + stime of one process, in ticks; 0 when it is gone or /proc is absent. */
function processTicks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // comm may hold spaces
    return Number(fields[11]) + Number(fields[12]); // fields 14 and 15 of proc(5)
  } catch {
    return 0;
  }
}

export function snapshot(groups: PidGroups): Snapshot {
  const ticks = Object.fromEntries(
    Object.entries(groups).map(([name, pids]) => [
      name,
      pids.reduce((sum, pid) => sum + processTicks(pid), 0),
    ]),
  );
  return { at: Date.now(), machine: machineTicks(), groups: ticks };
}

export function since(before: Snapshot, groups: PidGroups): CpuFigures {
  const after = snapshot(groups);
  const seconds = (after.at - before.at) / 1000;
  const cores = Object.fromEntries(
    Object.keys(after.groups).map((name) => [
      name,
      round((after.groups[name] - (before.groups[name] ?? 0)) / TICKS_PER_SECOND / seconds),
    ]),
  );
  const m0 = before.machine;
  const m1 = after.machine;
  const machineCores =
    m0 && m1 ? round(((m1.busy - m0.busy) / (m1.total - m0.total)) * os.availableParallelism()) : undefined;
  return { machineCores, cores, loadAverage1m: round(os.loadavg()[0]) };
}

const round = (n: number) => Math.round(n * 100) / 100;
