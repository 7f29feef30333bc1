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
 * Services the gateway checks that the campaigns system does not start: without them the gateway
 * says `degraded` (they are not essential), so the watch looks at the checks of what runs.
 */
const NOT_STARTED = new Set(['analytics']);

/**
 * Until every process is connected again: the gateway's /ready has every check up
 * (its own broker and cache, and each service's gRPC health, which includes that service's broker
 * connection), and each worker's gRPC health says SERVING (its database and broker). Answers the
 * seconds it took; on timeout, fails with what was still down.
 */
export async function waitForReconnection(
  system: CampaignsSystem,
  workerNames: string[],
  watched: Children[],
  timeoutMs: number,
): Promise<number> {
  const started = Date.now();
  let last: { ready: Readiness | string; workers: Record<string, boolean> } | undefined;
  for (;;) {
    const res = await fetch(`${system.api}/ready`).catch((e: Error) => e);
    const ready: Readiness | string =
      res instanceof Error ? res.message : ((await res.json().catch(() => ({}))) as Readiness);
    const workers = Object.fromEntries(
      await Promise.all(workerNames.map(async (name) => [name, await system.workerServing(name)] as const)),
    );
    last = { ready, workers };
    const allUp =
      typeof ready !== 'string' &&
      Object.entries(ready.checks ?? {}).every(([name, check]) => check.up || NOT_STARTED.has(name)) &&
      Object.values(workers).every(Boolean);
    if (allUp) return Math.round((Date.now() - started) / 100) / 10;
    if (Date.now() - started > timeoutMs)
      throw new Error(
        `not reconnected ${timeoutMs / 1000} s after RabbitMQ's restart: ${JSON.stringify(last, null, 2)}`,
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
