import { DomainError, newId, serviceCaller } from '@inbox/platform';
import { leaseRepository } from '../../db/repositories/sync.repository';
import type { TemplatesDeps } from '../../deps';
import { TEMPLATES_SERVICE_PRINCIPAL } from '../../inbox-client';
import { syncOrganization, type SyncCounts } from './sync-templates';

export interface PeriodicSync {
  stop(): Promise<void>;
}

/** The lease that lets one replica run a pass per interval. */
export const PERIODIC_SYNC_LEASE = 'sync:periodic';

/** What one pass did, per organization (for logs and tests). */
export interface PassReport {
  synced: { orgId: number; counts: SyncCounts }[];
  skipped: { orgId: number; code: string }[];
}

/** Every organization with a WhatsApp channel, as the inbox lists them, a page at a time. */
async function* organizationsWithChannels(deps: TemplatesDeps, requestId: string): AsyncGenerator<number> {
  let cursor: string | undefined;
  do {
    const page = await deps.inbox.listChannels({ cursor }, requestId);
    for (const channel of page.data) yield channel.orgId;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/**
 * One pass over every organization that has a WhatsApp channel (listed by the inbox, which owns
 * channels: one that never synced nor created a template here is covered too). Each one
 * separately: a failure (WhatsApp down, a manual sync running) skips that organization.
 */
export async function syncEveryOrganization(
  deps: TemplatesDeps,
  stopping: () => boolean = () => false,
): Promise<PassReport> {
  const report: PassReport = { synced: [], skipped: [] };
  const requestId = `periodic-sync-${newId()}`;
  for await (const orgId of organizationsWithChannels(deps, requestId)) {
    // A shutdown waits for the organization in hand, not for the whole pass.
    if (stopping()) break;
    try {
      const self = serviceCaller(TEMPLATES_SERVICE_PRINCIPAL, orgId, requestId);
      const channel = await deps.inbox.getChannelAccess(self);
      const actor = { origin: { orgId, requestId }, by: 'sync' as const, actorId: null };
      report.synced.push({ orgId, counts: await syncOrganization(deps, actor, channel) });
    } catch (error) {
      if (!(error instanceof DomainError))
        deps.logger.error({ err: error, orgId }, 'periodic template sync failed');
      report.skipped.push({ orgId, code: error instanceof DomainError ? error.code : 'INTERNAL' });
    }
  }
  return report;
}

/**
 * Takes the periodic lease for one interval: the replica that gets it runs the pass, the others
 * skip this round. The lease is kept (not released) so no replica runs again before the interval
 * is over, even one that just started.
 */
export async function runPeriodicPass(
  deps: TemplatesDeps,
  intervalMs: number,
  holder: string,
  stopping?: () => boolean,
): Promise<PassReport | null> {
  const now = deps.now();
  // A little shorter than the interval: the next tick of the same or another replica finds it free.
  const until = new Date(now.getTime() + Math.max(1000, intervalMs - 1000));
  if (
    !(await leaseRepository.acquire(deps.db, PERIODIC_SYNC_LEASE, `${holder}:${now.getTime()}`, now, until))
  )
    return null;
  return syncEveryOrganization(deps, stopping);
}

/**
 * Syncs every organization's templates with WhatsApp every `intervalSeconds` (0: never), one
 * replica at a time (a lease row in the database). Stopping waits for the running pass.
 */
export function startPeriodicSync(deps: TemplatesDeps, intervalSeconds: number): PeriodicSync {
  if (intervalSeconds <= 0) return { stop: async () => undefined };
  const intervalMs = intervalSeconds * 1000;
  const holder = newId();
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = runPeriodicPass(deps, intervalMs, holder, () => stopped)
      .then((report) => {
        if (report)
          deps.logger.info({ synced: report.synced.length, skipped: report.skipped }, 'templates synced');
      })
      .catch((err: unknown) => deps.logger.error({ err }, 'periodic template sync failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
