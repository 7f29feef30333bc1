import { sendRateOf } from '../usecases/money/phone-status';
import { DomainError } from '@inbox/platform';
import { dispatchRepository, type SendCampaign } from '../db/repositories/dispatch.repository';
import type { ChannelAccess, CampaignsDeps } from '../deps';
import { pauseForSendError, startSending } from './campaign-transitions';
import { completeCampaignIfDone } from './complete-campaign';
import { SliceRun, type SendContext } from './slice-run';

export type { SendContext };

export interface SliceJob {
  campaignId: string;
  fromSeq: number;
  toSeq: number;
}

/**
 * One send job: re-read the campaign (not QUEUED/SENDING: nothing to do), QUEUED → SENDING, then
 * each PENDING recipient of the slice at the number's rate with the process' send slots, and the
 * completion check. Resolves only once every claimed recipient's outcome is written.
 */
export async function sendSlice(ctx: SendContext, job: SliceJob, requestId: string): Promise<void> {
  const { deps } = ctx;
  const campaign = await dispatchRepository.campaign(deps.db, job.campaignId);
  if (!campaign) {
    deps.logger.warn({ campaignId: job.campaignId, requestId }, 'send job for an unknown campaign');
    return;
  }
  if (campaign.status === 'QUEUED') campaign.status = (await startSending(deps, campaign)) ?? campaign.status;
  if (campaign.status !== 'SENDING') return;
  const recipients = await dispatchRepository.pendingInSlice(deps.db, campaign.id, job.fromSeq, job.toSeq);
  if (recipients.length > 0) {
    const channel = await channelOf(deps, campaign, requestId);
    if (!channel) return;
    const rate = (await sendRateOf(deps, channel)) * PACE_SHARE;
    const slice = { deps, campaign, client: deps.whatsappFor(channel) };
    const ended = await new SliceRun(ctx, slice, channel.phoneNumberId, rate).run(recipients);
    if (ended !== 'done') return;
  }
  await completeCampaignIfDone(deps, campaign);
}

/**
 * The share of a number's rate the worker paces at. WhatsApp counts sends (and inbound messages)
 * in any sliding second: paced exactly at the cap, the network's jitter alone brings two sends
 * of a second closer and draws 130429s. 3 % leaves 30 ms a second of slack.
 */
export const PACE_SHARE = 0.97;

/**
 * The organization's channel. None any more, or another number than the campaign's (its statuses
 * and its rate belong to the number it was made for), pauses the campaign.
 */
async function channelOf(
  deps: CampaignsDeps,
  campaign: SendCampaign,
  requestId: string,
): Promise<ChannelAccess | undefined> {
  let channel: ChannelAccess;
  try {
    channel = await deps.inbox.getChannelAccess(campaign.orgId, requestId);
  } catch (err) {
    if (!(err instanceof DomainError) || err.kind !== 'not_found') throw err;
    await pauseForSendError(deps, campaign, 'AUTHENTICATION', 'The organization has no WhatsApp channel');
    return undefined;
  }
  if (channel.phoneNumberId === campaign.phoneNumberId) return channel;
  const reason = `The WhatsApp number changed since the campaign was made (${campaign.phoneNumberId} → ${channel.phoneNumberId})`;
  await pauseForSendError(deps, campaign, 'REQUEST_REJECTED', reason);
  return undefined;
}
