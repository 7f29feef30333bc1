import { CAMPAIGNS_EVENTS, type CampaignsEventData } from '@inbox/contracts';
import { DomainError, transactThenPublish } from '@inbox/platform';
import {
  statusesRepository,
  type ProgressRow,
  type StatusRecipient,
} from '../../db/repositories/statuses.repository';
import type { CampaignsDeps } from '../../deps';
import { shownStatus } from '../../domain/recipient-status';
import {
  applyStatusReports,
  mayStillBeStored,
  type ProgressChange,
  type ReportedPricing,
} from '../../domain/status-report';
import { systemOrigin } from '../../events';
import { campaignStatusReports } from './campaign-status-reports';

type Change = CampaignsEventData<typeof CAMPAIGNS_EVENTS.recipientsStatusChanged>['changes'][number];

export interface StatusWebhookInput {
  /** The `messages` change's value, as the gateway forwarded it. */
  value: unknown;
  requestId: string;
  /** When the gateway accepted the webhook: how long a status may wait for its recipient. */
  receivedAt?: Date;
}

export interface StatusWebhookResult {
  /** Recipients whose row changed. */
  changed: number;
  /** Recipient ids no row has (dropped once the grace is over). */
  unknown: string[];
}

/** A status about a recipient not stored: the bus retries the webhook for a while. */
export const recipientNotStoredYet = (ids: string[]) =>
  new DomainError('unavailable', 'RECIPIENT_NOT_STORED_YET', `No campaign recipient ${ids.join(', ')} yet`);

/**
 * A `messages` webhook's campaign statuses, all in one transaction: its recipients read and
 * locked in one statement, each moved by domain/status-report.ts, written in one statement, and one
 * `recipient.status_changed` event per campaign with every change. Repeats change nothing (ranks
 * only rise, pricing is kept once), so no processed-event row is needed, and a webhook retried
 * for a recipient not found re-applies the others as no-ops.
 */
export async function applyStatusWebhook(
  deps: CampaignsDeps,
  input: StatusWebhookInput,
): Promise<StatusWebhookResult> {
  const reports = campaignStatusReports(input.value, deps.logger);
  if (!reports || reports.byRecipient.size === 0) return { changed: 0, unknown: [] };
  const ids = [...reports.byRecipient.keys()].sort();
  const result = await transactThenPublish(deps, async (tx) => {
    const now = deps.now();
    const found = await statusesRepository.lockForStatuses(tx, ids);
    const writes: ProgressRow[] = [];
    const events = new Map<string, { orgId: number; changes: Change[] }>();
    for (const id of ids) {
      const recipient = found.get(id);
      if (!recipient) continue;
      if (recipient.phoneNumberId !== reports.phoneNumberId) {
        deps.logger.warn(
          { recipientId: id, phoneNumberId: reports.phoneNumberId },
          'campaign status from another number than its campaign sends from; ignored',
        );
        continue;
      }
      const costOf = (pricing: ReportedPricing) => rateOf(deps, recipient, pricing.category);
      const outcome = applyStatusReports(recipient, reports.byRecipient.get(id) ?? [], costOf);
      if (outcome.ignored.length > 0)
        deps.logger.debug(
          { recipientId: id, status: recipient.status, ignored: outcome.ignored },
          'status ignored',
        );
      if (!outcome.changed) continue;
      writes.push({ ...outcome.next, id });
      if (outcome.changes.length === 0) continue;
      const entry = events.get(recipient.campaignId) ?? { orgId: recipient.orgId, changes: [] };
      for (const change of outcome.changes) entry.changes.push(changeOf(recipient, outcome.next, change));
      events.set(recipient.campaignId, entry);
    }
    await statusesRepository.writeProgress(tx, writes, now);
    if (events.size > 0)
      await deps.events.recordAll(
        tx,
        [...events].map(([campaignId, e]) => ({
          origin: systemOrigin(e.orgId, input.requestId),
          type: CAMPAIGNS_EVENTS.recipientsStatusChanged,
          data: { campaignId, changes: e.changes },
        })),
      );
    return { changed: writes.length, unknown: ids.filter((id) => !found.has(id)) };
  });
  if (result.unknown.length > 0) {
    if (mayStillBeStored(input.receivedAt ?? deps.now(), deps.now()))
      throw recipientNotStoredYet(result.unknown);
    deps.logger.info(
      { recipientIds: result.unknown, phoneNumberId: reports.phoneNumberId },
      'status of a campaign recipient never stored here (another deployment on the number?); dropped',
    );
  }
  return result;
}

/** The rate of the recipient's market (stored at creation) for WhatsApp's pricing category. */
function rateOf(deps: CampaignsDeps, recipient: StatusRecipient, category: string): number {
  const market =
    deps.pricing.card.markets.find((m) => m.market === recipient.market) ??
    deps.pricing.marketOf(recipient.phone);
  return deps.pricing.rateFor(market, category);
}

function changeOf(
  recipient: StatusRecipient,
  next: { waId: string | null; providerMessageId: string | null },
  change: ProgressChange,
): Change {
  return {
    recipientId: recipient.id,
    phone: recipient.phone,
    waId: next.waId,
    providerMessageId: next.providerMessageId,
    from: shownStatus(change.from),
    to: shownStatus(change.to),
    at: change.at.toISOString(),
    errorCode: change.errorCode,
    pricing: change.pricing,
    cost: change.cost,
  };
}
