import { CAMPAIGNS_EVENTS, type CampaignPauseCode, type CampaignStatus } from '@inbox/contracts';
import { transactThenPublish } from '@inbox/platform';
import { dispatchRepository, type SendCampaign } from '../db/repositories/dispatch.repository';
import type { CampaignsDeps } from '../deps';
import { allows, statusesAllowing } from '../domain/campaign-lifecycle';
import { systemOrigin } from '../events';

const refOf = (campaign: SendCampaign) => ({
  campaignId: campaign.id,
  name: campaign.name,
  templateId: campaign.templateId,
});

/**
 * The first slice of a QUEUED campaign makes it SENDING: `campaign.started` the first time, a
 * status change after a resume. Returns the status it has now (another worker may have started
 * it, someone may have paused it meanwhile).
 */
export async function startSending(
  deps: CampaignsDeps,
  campaign: SendCampaign,
): Promise<CampaignStatus | undefined> {
  const started = await transactThenPublish(deps, async (tx) => {
    const now = deps.now();
    const from = statusesAllowing('start');
    const result = await dispatchRepository.start(tx, campaign.id, from, now);
    if (!result) return false;
    const origin = systemOrigin(campaign.orgId);
    if (result.first)
      await deps.events.record(tx, origin, CAMPAIGNS_EVENTS.campaignStarted, {
        ...refOf(campaign),
        startedAt: result.startedAt.toISOString(),
      });
    else
      await deps.events.record(tx, origin, CAMPAIGNS_EVENTS.campaignStatusChanged, {
        ...refOf(campaign),
        from: campaign.status,
        to: 'SENDING',
        code: null,
        reason: null,
        actorId: null,
      });
    return true;
  });
  return started ? 'SENDING' : dispatchRepository.status(deps.db, campaign.id);
}

/**
 * WhatsApp refused a send for a reason every other send would meet (spam limit, policy block,
 * token, payment, the template): PAUSED with its code and words, kept until someone resumes.
 */
export async function pauseForSendError(
  deps: CampaignsDeps,
  campaign: SendCampaign,
  pauseCode: CampaignPauseCode,
  reason: string,
): Promise<void> {
  const paused = await transactThenPublish(deps, async (tx) => {
    const current = await dispatchRepository.lock(tx, campaign.id);
    if (!current || !allows('pause', current.status)) return false;
    await dispatchRepository.pause(tx, campaign.id, pauseCode, reason, deps.now());
    await deps.events.record(tx, systemOrigin(campaign.orgId), CAMPAIGNS_EVENTS.campaignStatusChanged, {
      ...refOf(campaign),
      from: current.status,
      to: 'PAUSED',
      code: pauseCode,
      reason,
      actorId: null,
    });
    return true;
  });
  if (paused) deps.logger.warn({ campaignId: campaign.id, pauseCode, reason }, 'campaign paused by WhatsApp');
}
