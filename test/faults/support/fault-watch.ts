import type { CampaignsSystem } from '../../../tools/bench/src/campaigns-system';
import { sleepWatching, type CampaignView, type Probe } from '../../../tools/bench/src/campaigns-probe';
import type { Children } from '../../../tools/bench/src/processes';
import { recipientsOf, type RecipientView } from './campaign-census';

/**
 * Waits of the fault test. Each one polls while checking that none of the `watched` processes died
 * (a service that exits when the broker goes away is a defect: the failure names it with its output).
 */

/** Until the simulator has accepted at least `atLeast` sends in total; answers the count. */
export async function waitForSends(
  probe: Probe,
  atLeast: number,
  watched: Children[],
  timeoutMs: number,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { sends } = await probe.simCounts();
    if (sends >= atLeast) return sends;
    if (Date.now() > deadline)
      throw new Error(`only ${sends} sends after ${timeoutMs} ms (waiting for ${atLeast})`);
    await sleepWatching(100, ...watched);
  }
}

interface Readiness {
  status?: string;
  checks?: Record<string, { up: boolean; detail: string }>;
  errors?: unknown;
}

/**
 * Services the gateway checks that the campaigns system does not start unless asked: without them
 * the gateway says `degraded` (they are not essential), so the watch looks at the checks of what runs.
 */
export const NOT_STARTED = new Set(['analytics']);

/** The gateway's /ready checks by name (up or not), or why it did not answer. */
async function readiness(api: string): Promise<Readiness | string> {
  let res: Response;
  try {
    res = await fetch(`${api}/ready`, { signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    // Not `instanceof Error`: fetch's errors come from another realm than jest's.
    return String((error as { message?: unknown }).message ?? error);
  }
  const body = (await res.json().catch(() => ({}))) as Readiness & { errors?: Array<{ path: string }> };
  // 503 (an essential check down) lists the failing checks only.
  if (!body.checks && Array.isArray(body.errors))
    return {
      status: 'not ready',
      checks: Object.fromEntries(body.errors.map((e) => [e.path, { up: false, detail: 'down' }])),
    };
  return body;
}

/**
 * Until every process is connected again: the gateway's /ready has every check up (its own broker
 * and cache, and each service's gRPC health, which includes that service's database and broker
 * connection) but those in `ignore`, each worker's gRPC health says SERVING, and every call of
 * `clients` answers 200 (the gateway's channels to the services are connected again, not only the
 * health checks' own). Answers the seconds it took, and when every check was first up; on timeout,
 * fails with what was still down.
 */
export async function waitForReconnection(
  system: CampaignsSystem,
  workerNames: string[],
  watched: Children[],
  timeoutMs: number,
  options: { ignore?: Set<string>; clients?: () => Promise<Array<{ route: string; outcome: string }>> } = {},
): Promise<{ seconds: number; checksUpSeconds: number }> {
  const ignore = options.ignore ?? NOT_STARTED;
  const started = Date.now();
  const since = () => Math.round((Date.now() - started) / 100) / 10;
  let checksUpSeconds: number | undefined;
  let last: unknown;
  for (;;) {
    const ready = await readiness(system.api);
    const workers = Object.fromEntries(
      await Promise.all(workerNames.map(async (name) => [name, await system.workerServing(name)] as const)),
    );
    const checksUp =
      typeof ready !== 'string' &&
      Object.entries(ready.checks ?? {}).every(([name, check]) => check.up || ignore.has(name)) &&
      Object.values(workers).every(Boolean);
    if (checksUp) checksUpSeconds ??= since();
    const clients = checksUp && options.clients ? await options.clients() : [];
    last = { ready, workers, clients: clients.filter((c) => c.outcome !== '200') };
    if (checksUp && clients.every((c) => c.outcome === '200'))
      return { seconds: since(), checksUpSeconds: checksUpSeconds ?? since() };
    if (Date.now() - started > timeoutMs)
      throw new Error(
        `not reconnected ${timeoutMs / 1000} s after the fault: ${JSON.stringify(last, null, 2)}`,
      );
    await sleepWatching(250, ...watched);
  }
}

/** Until the campaign is COMPLETED (or another final status, or PAUSED); answers it as last seen. */
export async function waitForCampaignEnd(
  probe: Probe,
  campaignId: string,
  watched: Children[],
  timeoutMs: number,
): Promise<CampaignView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const campaign = await probe.campaign(campaignId);
    if (['COMPLETED', 'CANCELLED', 'FAILED', 'PAUSED'].includes(campaign.status)) return campaign;
    if (Date.now() > deadline) return campaign;
    await sleepWatching(500, ...watched);
  }
}

const SENT_OR_BEYOND = new Set(['SENT', 'DELIVERED', 'READ']);

/**
 * The campaign's recipients once every one the simulator received shows SENT or beyond: a send
 * answered late (after its worker gave up on it) is FAILED OUTCOME_UNKNOWN until its status
 * webhook arrives. Answers the last read after `timeoutMs` whatever it shows.
 */
export async function settledRecipients(
  probe: Probe,
  campaignId: string,
  received: (r: RecipientView) => boolean,
  watched: Children[],
  timeoutMs: number,
): Promise<RecipientView[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const recipients = await recipientsOf(probe, campaignId);
    const behind = recipients.some((r) => received(r) && !SENT_OR_BEYOND.has(r.status));
    if (!behind || Date.now() > deadline) return recipients;
    await sleepWatching(1000, ...watched);
  }
}
