import { z } from 'zod';
import { SURVEY_RESULTS_PAGE_DEFAULT } from '@inbox/contracts';
import { pageNumber, pageSizeOf } from './campaign-schemas';
import { nullable, timestamp } from './schemas';

export const surveyResultsQuery = z.strictObject({
  page: pageNumber.default(1),
  pageSize: pageSizeOf(SURVEY_RESULTS_PAGE_DEFAULT),
});

export const surveyResultsSchema = z.object({
  campaignId: z.string(),
  questions: z
    .array(
      z.object({
        questionIndex: z.number().int().describe('from 0; 0 is the template’s question'),
        question: z.string(),
        answers: z.number().int(),
        options: z
          .array(z.object({ option: z.string(), count: z.number().int() }))
          .describe('choices as answered (free-text answers are not grouped)'),
      }),
    )
    .describe('every question with its answer counts, over all respondents'),
  data: z
    .array(
      z.object({
        recipientId: z.string(),
        phone: z.string(),
        waId: nullable(z.string()),
        answers: z.array(
          z.object({
            questionIndex: z.number().int(),
            question: z.string(),
            answer: z.string(),
            source: z.string().describe('button | interactive | text'),
            answeredAt: timestamp,
          }),
        ),
        completed: z.boolean().describe('every question answered'),
      }),
    )
    .describe('recipients with at least one answer, first answer first'),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
