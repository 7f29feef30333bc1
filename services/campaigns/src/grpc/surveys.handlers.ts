import type { CampaignsDeps } from '../deps';
import { getSurveyResults } from '../usecases/surveys/get-survey-results';
import type { CampaignsImpl, Reply } from './encode';

/** GetSurveyResults: a SURVEY campaign's summary per question and its respondents, a page at a time. */
export const surveyHandlers = (deps: CampaignsDeps) =>
  ({
    GetSurveyResults: async ({ id, page, pageSize }, caller): Promise<Reply<'GetSurveyResults'>> => {
      const results = await getSurveyResults(deps, caller, { id, page, pageSize });
      return {
        ...results,
        data: results.data.map(({ waId, answers, ...response }) => ({
          ...response,
          ...(waId === null ? {} : { waId }),
          answers: answers.map((a) => ({ ...a, answeredAt: a.answeredAt.toISOString() })),
        })),
      };
    },
  }) satisfies Partial<CampaignsImpl>;
