import { z } from 'zod';
import {
  CLASSIFICATION_ENGINES,
  JOB_STATUSES,
  RECLASSIFY_SCOPES,
  routingRulesSchema,
  storedBotCategoriesSchema,
  storedBotSettingsSchema,
  type JobView,
} from '@inbox/contracts';
import type { InboxApi } from '../clients';
import { conversationSchema } from './conversation-queries.routes';
import { nullable, timestamp } from './schemas';

type Inbox = InboxApi['call'];
type Answer<M extends keyof Inbox> = Awaited<ReturnType<Inbox[M]>>;

/**
 * A bot document as GET and PUT answer it: the document itself and when it was last stored. The
 * stored shapes: a document stored before the training-text limit is still answered.
 */
const stored = <S extends z.ZodObject>(document: S) =>
  document.extend({
    updatedAt: nullable(timestamp).describe('null while the defaults apply (never stored)'),
  });

export const botSettingsResponse = stored(storedBotSettingsSchema);
export const botCategoriesResponse = stored(storedBotCategoriesSchema);
export const routingRulesResponse = stored(routingRulesSchema);

/** The inbox sends documents as JSON (the stored shape is the REST shape). */
export const fromBotDocument = (answer: Answer<'GetBotSettings'>) => ({
  ...(JSON.parse(answer.json) as object),
  updatedAt: answer.updatedAt,
});

export const classificationSchema = z.object({
  category: nullable(z.string()).describe(
    'null: none of the organization’s categories fits; nothing changed',
  ),
  confidence: z.number().min(0).max(1),
  source: z.literal('ai'),
  previousCategory: nullable(z.string()),
  engine: z.enum(CLASSIFICATION_ENGINES).describe('builtin: the offline models; llm: the configured model'),
});

export const routeResultSchema = z.object({
  teamId: nullable(z.string()),
  assignedTo: nullable(z.string()).describe('the agent this call assigned; null when it assigned nobody'),
  rule: nullable(z.string()).describe('the name of the rule that matched'),
  matchedBy: z.enum(['rule', 'fallback', 'none']),
  conversation: conversationSchema,
});

export const handoffSummarySchema = z.object({
  summary: z.string(),
  source: z.enum(CLASSIFICATION_ENGINES),
  generatedAt: timestamp,
});

export const reclassifyBody = z.strictObject({
  scope: z
    .enum(RECLASSIFY_SCOPES)
    .describe('unassigned: open conversations nobody holds; uncategorized: open ones without a category'),
});

export const jobSchema = z.object({
  id: z.string(),
  kind: z.literal('reclassify'),
  status: z.enum(JOB_STATUSES),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  result: nullable(
    z.object({
      matched: z.number().int(),
      reclassified: z.number().int(),
      rerouted: z.number().int(),
      failed: z.number().int(),
    }),
  ).describe('the counts so far once the job runs'),
  createdAt: timestamp,
  updatedAt: timestamp,
  finishedAt: nullable(timestamp),
}) satisfies z.ZodType<JobView>;

export const fromJob = (job: Answer<'GetJob'>) => ({
  id: job.id,
  kind: job.kind,
  status: job.status,
  progress: { done: job.done, total: job.total },
  result: job.result ?? null,
  createdAt: job.createdAt,
  updatedAt: job.updatedAt,
  finishedAt: job.finishedAt,
});
