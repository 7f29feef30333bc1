import { CAMPAIGNS_EVENTS } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import type { ReplyTarget } from '../../db/repositories/statuses.repository';
import { surveysRepository } from '../../db/repositories/surveys.repository';
import type { CampaignsDeps } from '../../deps';
import { surveyAnswerOf, type SurveyInbound } from '../../domain/survey';
import { systemOrigin } from '../../events';

export interface SurveyReply extends SurveyInbound {
  providerMessageId: string;
  waId: string;
  at: Date;
}

/** The question answered by this message (now or by an earlier delivery of it), and the next to send. */
export interface RecordedAnswer {
  questionIndex: number;
  /** The question to send now; undefined when the survey is complete. */
  next?: number;
}

/**
 * A SURVEY recipient's reply, in the reply's transaction (the recipient is locked): recorded as
 * the answer to the question it awaits, the next one awaited (or the survey completed), and a
 * `survey.response_recorded` event. The natural keys make a redelivery write nothing: a message
 * that answered already answers the same question again, so its next question is sent again
 * (the inbox's idempotency key sends it once).
 */
export async function recordSurveyAnswer(
  deps: CampaignsDeps,
  tx: Db,
  target: ReplyTarget,
  reply: SurveyReply,
  requestId: string,
): Promise<RecordedAnswer | undefined> {
  const questions = target.questions ?? [];
  const nextOf = (index: number) => (index + 1 < questions.length ? index + 1 : undefined);
  const earlier = await surveysRepository.answerOfMessage(tx, target.orgId, reply.providerMessageId);
  if (earlier)
    return earlier.recipientId === target.id
      ? { questionIndex: earlier.questionIndex, next: nextOf(earlier.questionIndex) }
      : undefined;
  const index = target.surveyQuestion;
  if (index === null || target.surveyCompletedAt !== null || index >= questions.length) return undefined;
  const answer = surveyAnswerOf(questions[index], index, reply);
  if (!answer) return undefined;
  const recorded = await surveysRepository.insertAnswer(tx, {
    orgId: target.orgId,
    campaignId: target.campaignId,
    recipientId: target.id,
    questionIndex: index,
    ...answer,
    providerMessageId: reply.providerMessageId,
    answeredAt: reply.at,
  });
  if (!recorded) return undefined;
  const next = nextOf(index);
  await surveysRepository.advance(
    tx,
    target.id,
    { from: index, next: next ?? null, completedAt: next === undefined ? reply.at : null },
    deps.now(),
  );
  await deps.events.record(
    tx,
    systemOrigin(target.orgId, requestId),
    CAMPAIGNS_EVENTS.surveyResponseRecorded,
    {
      campaignId: target.campaignId,
      recipientId: target.id,
      waId: reply.waId,
      questionIndex: index,
      answer: answer.answer,
      source: answer.source,
      answeredAt: reply.at.toISOString(),
      completed: next === undefined,
    },
  );
  return { questionIndex: index, ...(next === undefined ? {} : { next }) };
}
