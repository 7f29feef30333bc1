import { and, eq, notInArray } from 'drizzle-orm';
import { CAMPAIGNS_EVENTS, campaignsEventSchemas } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import { notProjectedYet, occurredAt, type ProjectionTable } from '../../projections/projection';
import { campaigns } from '../schema';
import { applyRecipientMoves } from './recipients';

/** Nothing moves a campaign out of these (the campaigns service's FINAL_CAMPAIGN_STATUSES). */
const FINAL = ['COMPLETED', 'CANCELLED', 'FAILED'];

/**
 * A campaign's status (and name, as its latest event says): a finished campaign stays finished
 * whatever arrives late; before that, the latest applied. Retried until the campaign's creation is
 * applied (it carries the size and estimate the row needs).
 */
async function setStatus(
  tx: Db,
  orgId: number,
  ref: { campaignId: string; name: string },
  status: string,
): Promise<void> {
  const { campaignId, name } = ref;
  const [found] = await tx
    .select({ status: campaigns.status })
    .from(campaigns)
    .where(and(eq(campaigns.orgId, orgId), eq(campaigns.id, campaignId)))
    .for('update');
  if (!found) throw notProjectedYet('campaign', campaignId);
  await tx
    .update(campaigns)
    .set({ status, name })
    .where(
      and(eq(campaigns.orgId, orgId), eq(campaigns.id, campaignId), notInArray(campaigns.status, FINAL)),
    );
}

/** Campaigns and their recipients' funnel. */
export const campaignProjections: ProjectionTable = {
  [CAMPAIGNS_EVENTS.campaignCreated]: async (tx, event) => {
    const data = campaignsEventSchemas[CAMPAIGNS_EVENTS.campaignCreated].parse(event.data);
    await tx
      .insert(campaigns)
      .values({
        id: data.campaignId,
        orgId: event.orgId,
        name: data.name,
        createdAt: occurredAt(event),
        status: data.status,
        recipients: data.recipients,
        estimatedCost: data.estimatedCost,
        currency: data.currency,
      })
      .onConflictDoNothing();
  },

  [CAMPAIGNS_EVENTS.campaignStarted]: async (tx, event) => {
    const data = campaignsEventSchemas[CAMPAIGNS_EVENTS.campaignStarted].parse(event.data);
    await setStatus(tx, event.orgId, data, 'SENDING');
  },

  [CAMPAIGNS_EVENTS.campaignStatusChanged]: async (tx, event) => {
    const data = campaignsEventSchemas[CAMPAIGNS_EVENTS.campaignStatusChanged].parse(event.data);
    await setStatus(tx, event.orgId, data, data.to);
  },

  [CAMPAIGNS_EVENTS.campaignCompleted]: async (tx, event) => {
    const data = campaignsEventSchemas[CAMPAIGNS_EVENTS.campaignCompleted].parse(event.data);
    await setStatus(tx, event.orgId, data, 'COMPLETED');
  },

  [CAMPAIGNS_EVENTS.recipientsStatusChanged]: async (tx, event) => {
    const data = campaignsEventSchemas[CAMPAIGNS_EVENTS.recipientsStatusChanged].parse(event.data);
    await applyRecipientMoves(
      tx,
      event.orgId,
      data.campaignId,
      data.changes.map((c) => ({
        recipientId: c.recipientId,
        to: c.to,
        at: new Date(c.at),
        errorCode: c.errorCode,
        cost: c.cost,
      })),
    );
  },

  [CAMPAIGNS_EVENTS.recipientReplied]: async (tx, event) => {
    const data = campaignsEventSchemas[CAMPAIGNS_EVENTS.recipientReplied].parse(event.data);
    await applyRecipientMoves(tx, event.orgId, data.campaignId, [
      {
        recipientId: data.recipientId,
        to: 'REPLIED',
        at: new Date(data.repliedAt),
        errorCode: null,
        cost: null,
        sentAt: new Date(data.sentAt),
      },
    ]);
  },
};
