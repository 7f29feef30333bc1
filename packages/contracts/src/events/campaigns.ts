import { z } from 'zod';

/** Events published by the campaigns service. Changing a value needs a migration plan. */
export const CAMPAIGNS_EVENTS = {
  campaignCreated: 'campaigns.campaign.created.v1',
  /** The first send of a campaign is about to go out (QUEUED → SENDING). */
  campaignStarted: 'campaigns.campaign.started.v1',
  /** Paused (by someone or by WhatsApp's errors), resumed, cancelled, failed, queued from SCHEDULED. */
  campaignStatusChanged: 'campaigns.campaign.status_changed.v1',
  campaignCompleted: 'campaigns.campaign.completed.v1',
  /**
   * Recipients whose status moved, in batches (a status webhook carries many; one event per
   * recipient would make a 100,000-recipient campaign 400,000 events).
   */
  recipientsStatusChanged: 'campaigns.recipient.status_changed.v1',
  /** A recipient wrote back: the inbox shows the campaign message in the conversation. */
  recipientReplied: 'campaigns.recipient.replied.v1',
  surveyResponseRecorded: 'campaigns.survey.response_recorded.v1',
  /**
   * Internal work item on the send queue (QUEUES.campaignsSend), consumed by campaign workers:
   * send the PENDING recipients of one slice of a campaign.
   */
  sendRequested: 'campaigns.send.requested.v1',
} as const;

const actorId = z.string().nullable();
const campaignRef = { campaignId: z.string(), name: z.string(), templateId: z.string() };
const pricing = z.object({ type: z.string().optional(), category: z.string().optional() }).nullable();

export const campaignsEventSchemas = {
  [CAMPAIGNS_EVENTS.campaignCreated]: z.object({
    ...campaignRef,
    templateName: z.string(),
    templateCategory: z.string(),
    kind: z.string(),
    status: z.string(),
    recipients: z.number().int(),
    scheduledAt: z.string().nullable(),
    estimatedCost: z.number(),
    currency: z.string(),
    actorId,
  }),
  [CAMPAIGNS_EVENTS.campaignStarted]: z.object({ ...campaignRef, startedAt: z.string() }),
  [CAMPAIGNS_EVENTS.campaignStatusChanged]: z.object({
    ...campaignRef,
    from: z.string(),
    to: z.string(),
    /** MANUAL, SPAM_LIMIT, ... for pauses (CAMPAIGN_PAUSE_CODES); null otherwise. */
    code: z.string().nullable(),
    reason: z.string().nullable(),
    actorId,
  }),
  [CAMPAIGNS_EVENTS.campaignCompleted]: z.object({
    ...campaignRef,
    completedAt: z.string(),
    total: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
  }),
  [CAMPAIGNS_EVENTS.recipientsStatusChanged]: z.object({
    campaignId: z.string(),
    changes: z
      .array(
        z.object({
          recipientId: z.string(),
          phone: z.string(),
          waId: z.string().nullable(),
          providerMessageId: z.string().nullable(),
          from: z.string(),
          to: z.string(),
          /** WhatsApp's time of the change where it gave one. */
          at: z.string(),
          errorCode: z.string().nullable(),
          pricing,
          cost: z.number().nullable(),
        }),
      )
      .min(1),
  }),
  [CAMPAIGNS_EVENTS.recipientReplied]: z.object({
    campaignId: z.string(),
    recipientId: z.string(),
    conversationId: z.string(),
    waId: z.string(),
    /** The campaign message as WhatsApp knows it (its wamid), to store it once in the conversation. */
    providerMessageId: z.string(),
    templateName: z.string(),
    templateLanguage: z.string(),
    /** The text the customer saw, variables filled in. */
    renderedText: z.string(),
    /** The recipient's latest status (DELIVERED, READ…) before the reply. */
    deliveryStatus: z.string(),
    sentAt: z.string(),
    repliedAt: z.string(),
  }),
  [CAMPAIGNS_EVENTS.surveyResponseRecorded]: z.object({
    campaignId: z.string(),
    recipientId: z.string(),
    waId: z.string(),
    questionIndex: z.number().int(),
    answer: z.string(),
    source: z.enum(['button', 'interactive', 'text']),
    answeredAt: z.string(),
    completed: z.boolean(),
  }),
  [CAMPAIGNS_EVENTS.sendRequested]: z.object({
    campaignId: z.string(),
    /** Recipients with `seq` in [fromSeq, toSeq). */
    fromSeq: z.number().int(),
    toSeq: z.number().int(),
  }),
} as const;

export type CampaignsEventType = (typeof CAMPAIGNS_EVENTS)[keyof typeof CAMPAIGNS_EVENTS];
export type CampaignsEventData<T extends CampaignsEventType> = z.infer<(typeof campaignsEventSchemas)[T]>;
