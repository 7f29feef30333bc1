import { CAMPAIGNS_EVENTS, type CampaignsEventData } from '@inbox/contracts';
import { transactThenPublish, type EventToRecord } from '@inbox/platform';
import type { campaignsEventSchemas } from '@inbox/contracts';
import {
  dispatchOutcomesRepository,
  type FailedRow,
  type LockedRecipient,
  type ReleasedRow,
  type SentRow,
} from '../db/repositories/dispatch-outcomes.repository';
import type { CampaignsDeps } from '../deps';
import { systemOrigin } from '../events';
import { planOutcome, type SendOutcome } from './outcome-rules';

/** A claimed recipient, as the outcome's event names it. */
export interface ClaimedRecipient {
  id: string;
  orgId: number;
  campaignId: string;
  phone: string;
}

/**
 * Outcomes of sends, written in batches: every `maxDelayMs` (or `maxBatch` outcomes) one
 * transaction locks the batch's recipients, updates them in one statement per kind and records
 * one `recipient.status_changed` event per campaign. `write` resolves once its outcome is
 * committed: a send job is acknowledged only after all of its outcomes are.
 */
export interface OutcomeWriter {
  write(recipient: ClaimedRecipient, outcome: SendOutcome): Promise<void>;
  /** Writes what is queued; later writes are refused. */
  close(): Promise<void>;
}

export interface OutcomeWriterOptions {
  maxBatch?: number;
  maxDelayMs?: number;
  /** Tries of a batch before its writers are told it failed (deadlock, connection lost). */
  attempts?: number;
}

interface Queued {
  recipient: ClaimedRecipient;
  outcome: SendOutcome;
  resolve: () => void;
  reject: (err: unknown) => void;
}

type Change = CampaignsEventData<typeof CAMPAIGNS_EVENTS.recipientsStatusChanged>['changes'][number];
type Schemas = typeof campaignsEventSchemas;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createOutcomeWriter(deps: CampaignsDeps, options: OutcomeWriterOptions = {}): OutcomeWriter {
  const maxBatch = options.maxBatch ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 25;
  const attempts = options.attempts ?? 4;
  let queue: Queued[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const flushWithRetry = async (batch: Queued[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await writeBatch(deps, batch);
        for (const item of batch) item.resolve();
        return;
      } catch (err) {
        if (attempt >= attempts) {
          deps.logger.error({ err, outcomes: batch.length }, 'send outcomes not written');
          for (const item of batch) item.reject(err);
          return;
        }
        await sleep(50 * 2 ** attempt);
      }
    }
  };

  const kick = (): void => {
    if (running || queue.length === 0) return;
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(batch.length);
    running = flushWithRetry(batch).finally(() => {
      running = undefined;
      if (queue.length >= maxBatch || closed) kick();
      else if (queue.length > 0) timer = setTimeout(kick, maxDelayMs);
    });
  };

  return {
    write: (recipient, outcome) =>
      new Promise<void>((resolve, reject) => {
        if (closed) return reject(new Error('outcome writer closed'));
        queue.push({ recipient, outcome, resolve, reject });
        if (queue.length >= maxBatch) kick();
        else if (!timer && !running) timer = setTimeout(kick, maxDelayMs);
      }),
    close: async () => {
      closed = true;
      kick();
      while (running) await running;
    },
  };
}

/** One transaction: lock (id order), plan each outcome against the row as it is now, write, record. */
async function writeBatch(deps: CampaignsDeps, batch: Queued[]): Promise<void> {
  // One outcome per recipient and batch: the latest (a claim's outcomes never overlap anyway).
  const byId = new Map(batch.map((item) => [item.recipient.id, item]));
  await transactThenPublish(deps, async (tx) => {
    const now = deps.now();
    const locked = await dispatchOutcomesRepository.lockForOutcome(tx, [...byId.keys()].sort());
    const sent: SentRow[] = [];
    const failed: FailedRow[] = [];
    const released: ReleasedRow[] = [];
    const changes = new Map<string, { orgId: number; changes: Change[] }>();
    for (const { recipient, outcome } of byId.values()) {
      const current = locked.get(recipient.id);
      if (!current) continue;
      const plan = planOutcome(current, outcome);
      if (!plan.write) continue;
      if (outcome.kind === 'sent') sent.push({ id: recipient.id, apply: plan.moves, ...outcome });
      else if (outcome.kind === 'failed') failed.push({ id: recipient.id, ...outcome });
      else released.push({ id: recipient.id, notBefore: outcome.notBefore });
      if (!plan.change) continue;
      const campaign = changes.get(current.campaignId) ?? { orgId: current.orgId, changes: [] };
      campaign.changes.push(changeOf(current, outcome, plan.change));
      changes.set(current.campaignId, campaign);
    }
    await dispatchOutcomesRepository.writeSent(tx, sent, now);
    await dispatchOutcomesRepository.writeFailed(tx, failed, now);
    await dispatchOutcomesRepository.writeReleased(tx, released, now);
    const events: EventToRecord<Schemas>[] = [...changes].map(([campaignId, c]) => ({
      origin: systemOrigin(c.orgId, `send:${campaignId}`),
      type: CAMPAIGNS_EVENTS.recipientsStatusChanged,
      data: { campaignId, changes: c.changes },
    }));
    if (events.length > 0) await deps.events.recordAll(tx, events);
  });
}

function changeOf(
  current: LockedRecipient,
  outcome: SendOutcome,
  change: { from: string; to: string },
): Change {
  return {
    recipientId: current.id,
    phone: current.phone,
    waId: outcome.kind === 'sent' ? outcome.waId : current.waId,
    providerMessageId: outcome.kind === 'sent' ? outcome.wamid : current.providerMessageId,
    ...change,
    at: outcome.at.toISOString(),
    errorCode: outcome.kind === 'failed' ? outcome.code : null,
    pricing: null,
    cost: null,
  };
}
