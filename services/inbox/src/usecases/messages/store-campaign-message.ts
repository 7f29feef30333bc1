import { INBOX_EVENTS, type CAMPAIGNS_EVENTS, type CampaignsEventData } from '@inbox/contracts';
import { newId, type Db } from '@inbox/platform';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import { messagesRepository, type MessageRow } from '../../db/repositories/messages.repository';
import type { InboxDeps } from '../../deps';
import { campaignMessageStatus, campaignMessageTime } from '../../domain/campaign-message';

export type CampaignReply = CampaignsEventData<typeof CAMPAIGNS_EVENTS.recipientReplied>;

/**
 * A campaign recipient wrote back: the campaign message they got is stored in the conversation
 * their reply landed in, so the agent sees what the customer answers. Once per WhatsApp message id
 * (a redelivery, or a message already stored, changes nothing). Outbound, sender `campaign`, type
 * template, at its send time (before the reply). The conversation itself does not move: no
 * assignment, status or last-message change, since the reply after it is the latest message and
 * nobody of the team wrote. `message.sent` (sender campaign) tells live views; it is no agent's
 * response. A conversation this organization does not have is logged and dropped: undefined.
 */
export async function storeCampaignMessage(
  deps: InboxDeps,
  tx: Db,
  origin: { orgId: number; requestId: string },
  reply: CampaignReply,
): Promise<MessageRow | undefined> {
  const { orgId } = origin;
  const conversation = await conversationsRepository.find(tx, orgId, reply.conversationId);
  if (!conversation) {
    deps.logger.warn(
      { orgId, conversationId: reply.conversationId, campaignId: reply.campaignId },
      'campaign reply about a conversation this organization does not have; dropped',
    );
    return undefined;
  }
  const at = campaignMessageTime(new Date(reply.sentAt), new Date(reply.repliedAt));
  const message = await messagesRepository.insertUnlessStored(tx, {
    id: newId(),
    orgId,
    conversationId: conversation.id,
    direction: 'outbound',
    sender: 'campaign',
    senderUserId: null,
    type: 'template',
    text: reply.renderedText,
    content: {
      template: { name: reply.templateName, language: reply.templateLanguage },
      campaign: { campaignId: reply.campaignId, recipientId: reply.recipientId },
    },
    status: campaignMessageStatus(reply.deliveryStatus),
    providerMessageId: reply.providerMessageId,
    providerTimestamp: at,
    createdAt: at,
    updatedAt: deps.now(),
  });
  if (!message) return undefined;
  await deps.events.record(tx, origin, INBOX_EVENTS.messageSent, {
    conversationId: conversation.id,
    waId: conversation.waId,
    messageId: message.id,
    providerMessageId: reply.providerMessageId,
    type: message.type,
    sender: message.sender,
    senderUserId: null,
    sentAt: at.toISOString(),
  });
  return message;
}
