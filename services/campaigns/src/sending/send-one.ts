import { campaignCallbackData, type CampaignPauseCode } from '@inbox/contracts';
import { campaignSends } from '@inbox/platform';
import { CloudApiError, type CloudApiClient } from '@inbox/whatsapp';
import {
  dispatchRepository,
  type SendCampaign,
  type SliceRecipient,
} from '../db/repositories/dispatch.repository';
import type { CampaignsDeps } from '../deps';
import { classifySendError, type SendErrorClass } from '../domain/send-errors';
import type { ClaimedRecipient, OutcomeWriter } from './outcome-writer';

/** What the sends of one slice share: the campaign, its channel's client, the outcome writer. */
export interface SliceSend {
  deps: CampaignsDeps;
  campaign: SendCampaign;
  client: CloudApiClient;
  outcomes: OutcomeWriter;
  /**
   * What WhatsApp answered, told as soon as it is known, before the outcome is written: the
   * slice stops claiming at once when the campaign is to pause.
   */
  observe: (answer: SendErrorClass | { kind: 'accepted' }) => void;
}

/** How one recipient's turn ended; its outcome (if any) is written when this resolves. */
export type SendResult =
  | { kind: 'sent' }
  | { kind: 'failed'; code: string; title: string }
  /** Claimed and asked, no answer: it stays DISPATCHING until its status webhook or the sweeper. */
  | { kind: 'unknown' }
  /** Not PENDING any more (another worker, a redelivered job). */
  | { kind: 'skipped' }
  /** The campaign is no longer SENDING (paused, cancelled): the slice stops. */
  | { kind: 'stopped' }
  | { kind: 'throttled'; waitMs: number }
  | { kind: 'deferred'; notBefore: Date }
  | { kind: 'paused'; pauseCode: CampaignPauseCode; reason: string };

/** The `outcome` of inbox_campaign_sends_total for each way WhatsApp can refuse a send. */
const SEND_OUTCOME = {
  'fail-recipient': 'failed',
  throttle: 'retry',
  'retry-recipient': 'retry',
  'pause-campaign': 'paused',
  'unknown-outcome': 'unknown',
} as const satisfies Record<SendErrorClass['kind'], string>;

/**
 * One recipient: claim (its own statement) → Cloud API send (outside any transaction) → outcome.
 * `release` gives the send slot back as soon as WhatsApp answered, before the outcome is written.
 * `throttleAttempt`: the slice's throttling episodes so far, for the backoff.
 */
export async function sendOne(
  send: SliceSend,
  recipient: SliceRecipient,
  release: () => void,
  throttleAttempt: number,
): Promise<SendResult> {
  const { deps, campaign } = send;
  const claimedAt = deps.now();
  const leaseUntil = new Date(claimedAt.getTime() + deps.settings.leaseSeconds * 1000);
  const attempts = await dispatchRepository
    .claim(deps.db, campaign.id, recipient.id, leaseUntil, claimedAt)
    .catch((err: unknown) => {
      release();
      throw err;
    });
  if (attempts === undefined) {
    release();
    const status = await dispatchRepository.status(deps.db, campaign.id);
    return status === 'SENDING' ? { kind: 'skipped' } : { kind: 'stopped' };
  }
  const claimed: ClaimedRecipient = {
    id: recipient.id,
    orgId: campaign.orgId,
    campaignId: campaign.id,
    phone: recipient.phone,
  };
  let accepted: Awaited<ReturnType<CloudApiClient['sendTemplate']>>;
  try {
    accepted = await send.client.sendTemplate(
      recipient.phone,
      { name: campaign.templateName, language: campaign.templateLanguage, components: recipient.components },
      { bizOpaqueCallbackData: campaignCallbackData(recipient.id) },
    );
  } catch (err) {
    release();
    return recordFailure(send, claimed, err, attempts, throttleAttempt);
  }
  release();
  campaignSends.inc({ outcome: 'sent' });
  // Outside the try: WhatsApp accepted it, so a failed write is not a failed send. It propagates
  // (the slice's job comes back); the recipient stays DISPATCHING until its status webhook or the
  // sweeper settles it, and is never claimed again.
  await send.outcomes.write(claimed, {
    kind: 'sent',
    wamid: accepted.wamid,
    waId: accepted.waId,
    at: deps.now(),
  });
  return { kind: 'sent' };
}

async function recordFailure(
  send: SliceSend,
  claimed: ClaimedRecipient,
  failure: unknown,
  attempts: number,
  throttleAttempt: number,
): Promise<SendResult> {
  const { deps, outcomes } = send;
  const at = deps.now();
  if (!(failure instanceof CloudApiError)) {
    // Not the client's own error (a bug on the way): whether it left is unknown, so it is not resent.
    deps.logger.error({ err: failure, recipientId: claimed.id }, 'campaign send failed unexpectedly');
    campaignSends.inc({ outcome: 'unknown' });
    return { kind: 'unknown' };
  }
  // 131056 counts this recipient's tries; throttles count the slice's episodes.
  const verdict = classifySendError(failure, failure.code === 131056 ? attempts - 1 : throttleAttempt, at);
  send.observe(verdict);
  campaignSends.inc({ outcome: SEND_OUTCOME[verdict.kind] });
  switch (verdict.kind) {
    case 'unknown-outcome':
      deps.logger.warn(
        { recipientId: claimed.id, campaignId: claimed.campaignId, reason: verdict.reason },
        'campaign send without an answer: left DISPATCHING, never resent',
      );
      return { kind: 'unknown' };
    case 'fail-recipient':
      await outcomes.write(claimed, {
        kind: 'failed',
        code: verdict.code,
        title: verdict.title,
        details: verdict.details,
        retryableAfter: verdict.retryableAfter,
        at,
      });
      return { kind: 'failed', code: verdict.code, title: verdict.title };
    case 'throttle':
      await outcomes.write(claimed, { kind: 'released', notBefore: null, at });
      return { kind: 'throttled', waitMs: verdict.waitMs };
    case 'retry-recipient': {
      const notBefore = new Date(at.getTime() + verdict.waitMs);
      await outcomes.write(claimed, { kind: 'released', notBefore, at });
      return { kind: 'deferred', notBefore };
    }
    case 'pause-campaign':
      await outcomes.write(claimed, { kind: 'released', notBefore: null, at });
      return { kind: 'paused', pauseCode: verdict.pauseCode, reason: verdict.reason };
  }
}
