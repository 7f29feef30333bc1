import { DomainError } from '@inbox/platform';
import type { StoredQuestion } from '../../db/schema';
import type { CampaignsDeps } from '../../deps';
import { surveyMessageOf } from '../../domain/survey';

export interface SurveyQuestionSend {
  orgId: number;
  recipientId: string;
  conversationId: string;
  questions: StoredQuestion[];
  index: number;
  language: string;
  requestId: string;
}

/** The same question to the same recipient is one message, however often it is asked for. */
export const surveyIdempotencyKey = (recipientId: string, index: number) => `survey:${recipientId}:${index}`;

/** Refusals that another attempt would meet again (window closed, conversation gone, bad question). */
const FINAL_REFUSALS = new Set(['invalid', 'not_found', 'conflict', 'forbidden']);

/**
 * Sends question `index` into the recipient's conversation through the inbox (stored there with
 * sender `campaign`), after the answer's transaction committed: never inside it. A refusal that
 * would repeat is logged and the survey waits; anything else (the inbox unreachable) is thrown,
 * so the bus redelivers the reply and the question is asked again under the same key.
 */
export async function sendSurveyQuestion(deps: CampaignsDeps, send: SurveyQuestionSend): Promise<void> {
  const message = surveyMessageOf(send.questions[send.index], send.index, send.language);
  try {
    await deps.inbox.sendSurveyMessage(send.orgId, send.requestId, {
      conversationId: send.conversationId,
      ...(message.type === 'text'
        ? { type: 'text', text: message.text }
        : { type: 'interactive', interactiveJson: JSON.stringify(message.interactive) }),
      idempotencyKey: surveyIdempotencyKey(send.recipientId, send.index),
    });
  } catch (error) {
    if (!(error instanceof DomainError && FINAL_REFUSALS.has(error.kind))) throw error;
    deps.logger.warn(
      {
        orgId: send.orgId,
        recipientId: send.recipientId,
        question: send.index,
        code: error.code,
        err: error.message,
      },
      'survey question not sent',
    );
  }
}
