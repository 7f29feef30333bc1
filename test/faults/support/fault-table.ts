import type { ClientSample } from './client-poller';
import type { InboundDelivery } from './inbound-census';

/**
 * The fault windows of a run and how the clients' answers are judged against them: 2xx and 4xx
 * always pass; a 503 only while a dependency of its route is down (from the fault until clients
 * were served again); connection refused or reset only while the gateway itself is down; anything
 * else (a 500, a 502, a 504, a timeout) never.
 */

export interface FaultWindow {
  fault: string;
  from: number;
  /** When clients were served again (every check up, every route answering 200), plus a grace. */
  to: number;
  /** Routes whose 503s the fault explains: those needing what it took down. */
  routes: 'all' | string[];
  /** The gateway itself was killed: refused and reset connections are explained too. */
  gatewayDown: boolean;
  /** How long it took, in words (the table's second column). */
  took: string;
  /** What it cost, in words (the table's last column); filled in once the run is counted. */
  lost?: string;
}

const overlaps = (s: { from: number; to: number }, w: FaultWindow) => s.from <= w.to && s.to >= w.from;

/** Whether the fault windows explain this answer; undefined when it needs no explaining. */
export function explained(sample: ClientSample, windows: FaultWindow[]): boolean | undefined {
  const status = Number(sample.outcome);
  if (status >= 200 && status < 500) return undefined;
  const during = windows.filter((w) => overlaps(sample, w));
  if (status === 503) return during.some((w) => w.routes === 'all' || w.routes.includes(sample.route));
  if (sample.outcome === 'refused' || sample.outcome === 'reset') return during.some((w) => w.gatewayDown);
  return false;
}

/** "200×85 503×6 refused×2", most frequent first. */
export function tally(outcomes: string[]): string {
  if (outcomes.length === 0) return '—';
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(o, (counts.get(o) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([o, n]) => `${o}×${n}`)
    .join(' ');
}

/** A 5xx with its route ("503 /users"): which routes a fault took down; anything else as it is. */
const clientOutcome = (s: ClientSample) =>
  /^5\d\d$/.test(s.outcome) ? `${s.outcome} ${s.route}` : s.outcome;

const attemptOutcome = (a: InboundDelivery['attempts'][number]) =>
  a.httpStatus !== undefined ? String(a.httpStatus) : (a.error ?? 'error');

/**
 * The fault table: each fault → what API clients saw (the poller's answers during its window), what
 * the simulator's webhook deliveries saw (every attempt in the window; a failed one is retried) →
 * what was lost. A last row for the answers outside every window.
 */
export function faultTable(
  windows: FaultWindow[],
  samples: ClientSample[],
  deliveries: InboundDelivery[],
): string {
  const attempts = deliveries.flatMap((d) =>
    d.attempts.map((a) => ({ at: Date.parse(a.at), outcome: attemptOutcome(a) })),
  );
  const rows = windows.map((w) => {
    const clients = samples.filter((s) => overlaps(s, w)).map(clientOutcome);
    const webhooks = attempts.filter((a) => a.at >= w.from && a.at <= w.to).map((a) => a.outcome);
    return `| ${w.fault} | ${w.took} | ${tally(clients)} | ${tally(webhooks)} | ${w.lost ?? '?'} |`;
  });
  const outside = samples.filter((s) => !windows.some((w) => overlaps(s, w))).map(clientOutcome);
  const quietAttempts = attempts.filter((a) => !windows.some((w) => a.at >= w.from && a.at <= w.to));
  return [
    '| fault | down → served again | API clients saw | webhook deliveries saw | lost |',
    '|---|---|---|---|---|',
    ...rows,
    `| (between faults) | — | ${tally(outside)} | ${tally(quietAttempts.map((a) => a.outcome))} | — |`,
  ].join('\n');
}

/** A process that exited on its own during the run, why, and during which fault. */
export interface CrashView {
  process: string;
  at: string;
  exited: string;
  error: string;
  during: string[];
}

/** The crashes the Children recorded (restartCrashed), each with the line that says why. */
export function crashesDuring(
  crashes: Array<{ name: string; at: number; exited: string; tail: string[] }>,
  windows: FaultWindow[],
): CrashView[] {
  return crashes.map((c) => ({
    process: c.name,
    at: new Date(c.at).toISOString(),
    exited: c.exited,
    error: crashReason(c.tail),
    during: windows.filter((w) => c.at >= w.from && c.at <= w.to).map((w) => w.fault),
  }));
}

/** The line that says why a process died: its uncaught error, not a warning logged before. */
function crashReason(tail: string[]): string {
  // "Error: …", "TypeError: …", or pg's "error: the database system is starting up"; not JSON logs.
  const error = tail.find((line) => /^\s*\w*error\b.*:/i.test(line) && !line.trim().startsWith('{'));
  return (error ?? tail.slice(-2).join(' | ')).trim().slice(0, 200);
}

/** The client answers the windows do not explain, each with the faults it overlapped. */
export function unexplainedAnswers(samples: ClientSample[], windows: FaultWindow[]) {
  return samples
    .filter((s) => explained(s, windows) === false)
    .map((s) => ({
      ...s,
      at: new Date(s.from).toISOString(),
      during: windows.filter((w) => overlaps(s, w)).map((w) => w.fault),
    }));
}
