import { CAMPAIGNS_EVENTS, type CampaignPauseCode } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import { campaignsRepository } from '../../db/repositories/campaigns.repository';
import type { CampaignsDeps } from '../../deps';
import { nextCampaignStatus, statusesAllowing } from '../../domain/campaign-lifecycle';
import { systemOrigin } from '../../events';

/** What became of a template, as the templates service announced it. */
export interface TemplateChange {
  orgId: number;
  templateId: string;
  name: string;
  language: string;
  /** The template's new status (REMOVED when it was removed). */
  status: string;
  reason: string | null;
  requestId: string;
}

/** Why a template change stops its campaigns; null when it does not (APPROVED again, …). */
export function pauseCodeOf(status: string): CampaignPauseCode | null {
  if (status === 'APPROVED') return null;
  if (status === 'PAUSED') return 'TEMPLATE_PAUSED';
  if (status === 'DISABLED') return 'TEMPLATE_DISABLED';
  return 'TEMPLATE_NOT_APPROVED';
}

/**
 * A template that WhatsApp paused or disabled, or that left APPROVED (removed, edited, …) pauses
 * the campaigns that would still send it (SCHEDULED, QUEUED, SENDING) with the template's code:
 * every send would fail (132015, 132016, 132001). Someone resumes them once it is usable again.
 * Runs in the consumer's transaction; answers how many campaigns it paused.
 */
export async function pauseForTemplate(deps: CampaignsDeps, tx: Db, change: TemplateChange): Promise<number> {
  const code = pauseCodeOf(change.status);
  if (!code) return 0;
  const reason = `Template ${change.name} (${change.language}) is ${change.status}${change.reason ? `: ${change.reason}` : ''}`;
  const campaigns = await campaignsRepository.lockByTemplate(
    tx,
    change.orgId,
    change.templateId,
    statusesAllowing('pause'),
  );
  const now = deps.now();
  for (const campaign of campaigns) {
    const to = nextCampaignStatus(campaign.status, 'pause', { now });
    await campaignsRepository.update(
      tx,
      campaign.id,
      { status: to, pauseCode: code, pauseReason: reason },
      now,
    );
    await deps.events.record(
      tx,
      systemOrigin(change.orgId, change.requestId),
      CAMPAIGNS_EVENTS.campaignStatusChanged,
      {
        campaignId: campaign.id,
        name: campaign.name,
        templateId: campaign.templateId,
        from: campaign.status,
        to,
        code,
        reason,
        actorId: null,
      },
    );
  }
  return campaigns.length;
}
