import {
  CAMPAIGNS_EVENTS,
  REPLY_ATTRIBUTION_HOURS,
  type INBOX_EVENTS,
  type InboxEventData,
} from '@inbox/contracts';
import { transactThenPublish, type Db } from '@inbox/platform';
import { statusesRepository, type ReplyTarget } from '../../db/repositories/statuses.repository';
import type { CampaignsDeps } from '../../deps';
import { shownStatus } from '../../domain/recipient-status';
import { systemOrigin } from '../../events';
import { recordSurveyAnswer, type RecordedAnswer } from '../surveys/record-survey-answer';
import { sendSurveyQuestion } from '../surveys/send-survey-question';

export type MessageReceived = InboxEventData<typeof INBOX_EVENTS.messageReceived>;

const HOUR_MS = 60 * 60 * 1000;
/** WhatsApp's times are whole seconds, ours are not: a reply may look a moment older than the send. */
const CLOCK_SKEW_MS = 5_000;

/**
 * A customer's message, as the inbox received it. The campaign it answers: the recipient whose
 * send it quotes, else the latest send to that person within REPLY_ATTRIBUTION_HOURS before it.
 * Its first reply moves SENT/DELIVERED/READ → REPLIED, with `recipient.replied` (the inbox then
 * shows the campaign message in the conversation) and the status event; a SURVEY recipient's reply
 * may answer the question it awaits, and the next question goes out after the commit. Redelivered,
 * it changes nothing and asks the inbox for the same next question again (sent once).
 */
export async function recordReply(
  deps: CampaignsDeps,
  orgId: number,
  requestId: string,
  message: MessageReceived,
): Promise<void> {
  const at = new Date(message.sentAt);
  const outcome = await transactThenPublish(deps, async (tx) => {
    const target = await statusesRepository.lockReplyTarget(tx, orgId, {
      contextWamid: message.contextProviderMessageId,
      waId: message.waId,
      since: new Date(at.getTime() - REPLY_ATTRIBUTION_HOURS * HOUR_MS),
      until: new Date(at.getTime() + CLOCK_SKEW_MS),
    });
    if (!target) return undefined;
    if (target.status !== 'REPLIED') await markReplied(deps, tx, target, message, at, requestId);
    const answer =
      target.kind === 'SURVEY'
        ? await recordSurveyAnswer(
            deps,
            tx,
            target,
            { ...message, replyId: message.replyId ?? null, at },
            requestId,
          )
        : undefined;
    return { target, answer };
  });
  const next = outcome?.answer?.next;
  if (!outcome || next === undefined) return;
  await sendNext(
    deps,
    outcome.target,
    outcome.answer as RecordedAnswer & { next: number },
    message,
    requestId,
  );
}

async function markReplied(
  deps: CampaignsDeps,
  tx: Db,
  target: ReplyTarget,
  message: MessageReceived,
  at: Date,
  requestId: string,
): Promise<void> {
  const now = deps.now();
  await statusesRepository.markReplied(tx, target.id, at, now);
  const origin = systemOrigin(target.orgId, requestId);
  const wamid = target.providerMessageId as string;
  await deps.events.record(tx, origin, CAMPAIGNS_EVENTS.recipientsStatusChanged, {
    campaignId: target.campaignId,
    changes: [
      {
        recipientId: target.id,
        phone: target.phone,
        waId: target.waId,
        providerMessageId: wamid,
        from: shownStatus(target.status),
        to: 'REPLIED',
        at: at.toISOString(),
        errorCode: null,
        pricing: null,
        cost: null,
      },
    ],
  });
  await deps.events.record(tx, origin, CAMPAIGNS_EVENTS.recipientReplied, {
    campaignId: target.campaignId,
    recipientId: target.id,
    conversationId: message.conversationId,
    waId: message.waId,
    providerMessageId: wamid,
    templateName: target.templateName,
    templateLanguage: target.templateLanguage,
    renderedText: target.renderedText,
    deliveryStatus: target.status,
    sentAt: (target.sentAt as Date).toISOString(),
    repliedAt: at.toISOString(),
  });
}

function sendNext(
  deps: CampaignsDeps,
  target: ReplyTarget,
  answer: RecordedAnswer & { next: number },
  message: MessageReceived,
  requestId: string,
): Promise<void> {
  return sendSurveyQuestion(deps, {
    orgId: target.orgId,
    recipientId: target.id,
    conversationId: message.conversationId,
    questions: target.questions ?? [],
    index: answer.next,
    language: target.templateLanguage,
    requestId,
  });
}
