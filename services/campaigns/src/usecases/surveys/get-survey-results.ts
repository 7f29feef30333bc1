import { CAMPAIGN_PAGE_MAX, SURVEY_RESULTS_PAGE_DEFAULT } from '@inbox/contracts';
import {
  conflict,
  invalid,
  notFound,
  requireAdmin,
  requireOrganization,
  type CallerContext,
} from '@inbox/platform';
import { surveysRepository, type StoredAnswer } from '../../db/repositories/surveys.repository';
import type { StoredQuestion } from '../../db/schema';
import type { CampaignsDeps } from '../../deps';

export interface SurveyResultsQuery {
  id: string;
  /** From 1; 0 or unset: 1. */
  page?: number;
  /** 0 or unset: SURVEY_RESULTS_PAGE_DEFAULT; at most CAMPAIGN_PAGE_MAX. */
  pageSize?: number;
}

export interface QuestionSummary {
  questionIndex: number;
  question: string;
  answers: number;
  /** Each option of the question with the answers that chose it, in the survey's order. */
  options: { option: string; count: number }[];
}

export interface SurveyResponse {
  recipientId: string;
  phone: string;
  waId: string | null;
  answers: { questionIndex: number; question: string; answer: string; source: string; answeredAt: Date }[];
  completed: boolean;
}

export interface SurveyResults {
  campaignId: string;
  questions: QuestionSummary[];
  data: SurveyResponse[];
  page: number;
  pageSize: number;
  total: number;
}

function pageOf(query: SurveyResultsQuery): { page: number; pageSize: number } {
  const page = query.page || 1;
  const pageSize = query.pageSize || SURVEY_RESULTS_PAGE_DEFAULT;
  if (!Number.isInteger(page) || page < 1)
    throw invalid('VALIDATION_FAILED', 'page must be 1 or more', [{ path: 'page', message: 'At least 1' }]);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > CAMPAIGN_PAGE_MAX)
    throw invalid('VALIDATION_FAILED', `pageSize must be 1 to ${CAMPAIGN_PAGE_MAX}`, [
      { path: 'pageSize', message: `1 to ${CAMPAIGN_PAGE_MAX}` },
    ]);
  return { page, pageSize };
}

/**
 * A SURVEY campaign's answers: every question with its answers per option (free answers count in
 * `answers`, not in an option), and the recipients who answered, first answer first, a page at a
 * time. Another organization's campaign is 404; a STANDARD one is 409 NOT_A_SURVEY — it exists
 * and is readable, it only has no survey (as the export answers). Admin only, as the export.
 */
export async function getSurveyResults(
  deps: CampaignsDeps,
  caller: CallerContext,
  query: SurveyResultsQuery,
): Promise<SurveyResults> {
  requireOrganization(caller);
  requireAdmin(caller);
  const { page, pageSize } = pageOf(query);
  const campaign = await surveysRepository.campaign(deps.db, caller.orgId, query.id);
  if (!campaign) throw notFound('Campaign');
  if (campaign.kind !== 'SURVEY') throw conflict('NOT_A_SURVEY', 'This campaign is not a survey');
  const questions = campaign.questions ?? [];
  // One snapshot: the counts, the total and the page agree even while answers arrive (three reads
  // on three connections once counted a respondent in the page but not in the total).
  const { counts, total, respondents, answers } = await deps.db.transaction(
    async (tx) => {
      const counts = await surveysRepository.answerCounts(tx, campaign.id);
      const total = await surveysRepository.respondentCount(tx, campaign.id);
      const respondents = await surveysRepository.respondentsPage(
        tx,
        campaign.id,
        (page - 1) * pageSize,
        pageSize,
      );
      const answers = await surveysRepository.answersOf(
        tx,
        respondents.map((x) => x.recipientId),
      );
      return { counts, total, respondents, answers };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const byRecipient = new Map<string, StoredAnswer[]>();
  for (const answer of answers)
    byRecipient.set(answer.recipientId, [...(byRecipient.get(answer.recipientId) ?? []), answer]);
  return {
    campaignId: campaign.id,
    questions: summaries(questions, counts),
    data: respondents.map((x) => ({
      recipientId: x.recipientId,
      phone: x.phone,
      waId: x.waId,
      completed: x.completedAt !== null,
      answers: (byRecipient.get(x.recipientId) ?? []).map((y) => ({
        questionIndex: y.questionIndex,
        question: questions[y.questionIndex]?.text ?? '',
        answer: y.answer,
        source: y.source,
        answeredAt: y.answeredAt,
      })),
    })),
    page,
    pageSize,
    total,
  };
}

function summaries(
  questions: StoredQuestion[],
  counts: { questionIndex: number; answer: string; count: number }[],
): QuestionSummary[] {
  return questions.map((question, questionIndex) => {
    const mine = counts.filter((c) => c.questionIndex === questionIndex);
    return {
      questionIndex,
      question: question.text,
      answers: mine.reduce((sum, c) => sum + c.count, 0),
      options: question.options.map((option) => ({
        option,
        count: mine.find((c) => c.answer === option)?.count ?? 0,
      })),
    };
  });
}
