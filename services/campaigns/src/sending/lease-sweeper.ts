import { CAMPAIGNS_EVENTS } from '@inbox/contracts';
import { newId, transactThenPublish, type EventToRecord } from '@inbox/platform';
import type { campaignsEventSchemas } from '@inbox/contracts';
import { dispatchRepository, type RecipientChange } from '../db/repositories/dispatch.repository';
import type { CampaignsDeps } from '../deps';
import { OUTCOME_UNKNOWN } from '../domain/recipient-status';
import { systemOrigin } from '../events';
import { completeCampaignIfDone } from './complete-campaign';

/** The lease row that lets one worker replica sweep per interval. */
export const SWEEPER_LEASE = 'sending:sweeper';
export const SWEEP_INTERVAL_MS = 5_000;
const BATCH = 500;

export const OUTCOME_UNKNOWN_TITLE =
  'No answer from WhatsApp to the send (timeout or lost connection); not sent again, so it is never sent twice';

export interface SweepReport {
  /** Claims whose lease ran out: FAILED OUTCOME_UNKNOWN. */
  expired: number;
  /** Deferred recipients (131056) whose wait is over, republished as send jobs. */
  republished: number;
  /** Campaigns this pass completed. */
  completed: number;
}

type Schemas = typeof campaignsEventSchemas;

/**
 * One pass, if this holder gets the lease: expired claims → FAILED OUTCOME_UNKNOWN (never resent;
 * a status webhook found by the callback data still moves them on), due deferrals → send jobs,
 * then the completion check of every SENDING campaign. Null when another replica holds the lease.
 */
export async function sweepOnce(
  deps: CampaignsDeps,
  holder: string,
  intervalMs = SWEEP_INTERVAL_MS,
): Promise<SweepReport | null> {
  const now = deps.now();
  // A little shorter than the interval: the next tick of any replica finds it free.
  const until = new Date(now.getTime() + Math.max(500, intervalMs - 500));
  if (!(await dispatchRepository.takeLease(deps.db, SWEEPER_LEASE, holder, now, until))) return null;
  const report: SweepReport = { expired: 0, republished: 0, completed: 0 };
  for (let n = BATCH; n === BATCH;) {
    n = await failExpiredClaims(deps);
    report.expired += n;
  }
  for (let n = BATCH; n === BATCH;) {
    n = await republishDueDeferrals(deps);
    report.republished += n;
  }
  for (const campaign of await dispatchRepository.sendingCampaigns(deps.db))
    if (await completeCampaignIfDone(deps, campaign)) report.completed++;
  return report;
}

async function failExpiredClaims(deps: CampaignsDeps): Promise<number> {
  return transactThenPublish(deps, async (tx) => {
    const now = deps.now();
    const rows = await dispatchRepository.failExpiredClaims(tx, now, OUTCOME_UNKNOWN_TITLE, BATCH);
    const byCampaign = groupBy(rows, (row) => row.campaignId);
    const events: EventToRecord<Schemas>[] = [...byCampaign].map(([campaignId, changed]) => ({
      origin: systemOrigin(changed[0].orgId),
      type: CAMPAIGNS_EVENTS.recipientsStatusChanged,
      data: { campaignId, changes: changed.map((row) => unknownOutcome(row, now)) },
    }));
    if (events.length > 0) await deps.events.recordAll(tx, events);
    return rows.length;
  });
}

const unknownOutcome = (row: RecipientChange, at: Date) => ({
  recipientId: row.id,
  phone: row.phone,
  waId: row.waId,
  providerMessageId: row.providerMessageId,
  from: 'PENDING',
  to: 'FAILED',
  at: at.toISOString(),
  errorCode: OUTCOME_UNKNOWN,
  pricing: null,
  cost: null,
});

/** One send job per run of consecutive deferred recipients (usually one recipient each). */
async function republishDueDeferrals(deps: CampaignsDeps): Promise<number> {
  return transactThenPublish(deps, async (tx) => {
    const due = await dispatchRepository.takeDueDeferred(tx, deps.now(), BATCH);
    const events: EventToRecord<Schemas>[] = [];
    for (const [campaignId, rows] of groupBy(due, (row) => row.campaignId)) {
      const seqs = rows.map((row) => row.seq).sort((a, b) => a - b);
      for (const [fromSeq, toSeq] of runsOf(seqs))
        events.push({
          origin: systemOrigin(rows[0].orgId),
          type: CAMPAIGNS_EVENTS.sendRequested,
          data: { campaignId, fromSeq, toSeq },
        });
    }
    if (events.length > 0) await deps.events.recordAll(tx, events);
    return due.length;
  });
}

/** [from, to) ranges of consecutive numbers: 3,4,5,9 → [3,6), [9,10). */
export function runsOf(sorted: number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const n of sorted) {
    const last = runs[runs.length - 1];
    if (last && last[1] === n) last[1] = n + 1;
    else runs.push([n, n + 1]);
  }
  return runs;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** Sweeps every `intervalMs` until stopped; stopping waits for the pass under way. */
export function startLeaseSweeper(
  deps: CampaignsDeps,
  intervalMs = SWEEP_INTERVAL_MS,
): { stop(): Promise<void> } {
  const holder = `${deps.settings.workerId}:${newId()}`;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = sweepOnce(deps, holder, intervalMs)
      .then((report) => {
        if (report && (report.expired || report.republished || report.completed))
          deps.logger.info(report, 'send sweep');
      })
      .catch((err: unknown) => deps.logger.error({ err }, 'send sweep failed'))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
