import autocannon from 'autocannon';
import { since, snapshot, type CpuFigures, type PidGroups } from './cpu';
import type { Target } from './targets';

export interface LoadSettings {
  connections: number;
  /** Seconds of the measured run. */
  duration: number;
  /** Seconds of load before it: JIT, connection pools and caches settle; its figures are dropped. */
  warmup: number;
}

export interface Figures {
  name: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  /** JSON body of one answer, and everything read per answer (headers included). */
  bodyBytes: number;
  wireBytesPerResponse: number;
  /**
   * CPU time of this side's processes (load generator included; Redis not) per answer: steadier
   * than req/s when other work shares the machine.
   */
  cpuMsPerRequest: number;
  cpu: CpuFigures;
}

/** One answer by hand first: a target that fails is reported as such, not as a low figure. */
async function probe(target: Target): Promise<number> {
  const res = await fetch(target.url, { headers: target.headers });
  const body = await res.text();
  if (res.status !== 200)
    throw new Error(`${target.name}: GET ${target.url} answered ${res.status}: ${body}`);
  return Buffer.byteLength(body);
}

export async function measure(
  target: Target,
  settings: LoadSettings,
  pids: () => Promise<PidGroups>,
): Promise<Figures> {
  const bodyBytes = await probe(target);
  const options = { url: target.url, headers: target.headers, connections: settings.connections };
  process.stderr.write(
    `${target.name}: warm-up ${settings.warmup} s, then ${settings.duration} s measured...\n`,
  );
  if (settings.warmup > 0) await autocannon({ ...options, duration: settings.warmup });
  // After the warm-up: the pools have opened every connection (postgres backends) they will use.
  const groups = await pids();
  const before = snapshot(groups);
  const r = await autocannon({ ...options, duration: settings.duration });
  const cpu = since(before, groups);
  const coreSeconds = Object.values(cpu.cores).reduce((a, b) => a + b, 0) * settings.duration;
  return {
    name: target.name,
    reqPerSec: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
    bodyBytes,
    wireBytesPerResponse: r.requests.total > 0 ? Math.round(r.throughput.total / r.requests.total) : 0,
    cpuMsPerRequest: r.requests.total > 0 ? Math.round((coreSeconds / r.requests.total) * 1e5) / 100 : 0,
    cpu,
  };
}
