import type { JobView } from '@inbox/contracts';
import type { InboxDeps } from '../deps';
import {
  getBotCategories,
  getBotSettings,
  getRoutingRules,
  putBotCategories,
  putBotSettings,
  putRoutingRules,
  type BotDocumentView,
} from '../usecases/bot/bot-config';
import { previewHandoffSummary } from '../usecases/bot/handoff-summary';
import { reclassifyConversation } from '../usecases/bot/reclassify-conversation';
import { getJob, startReclassifyJob } from '../usecases/bot/reclassify-job';
import { rerouteConversation } from '../usecases/bot/route-conversation';
import { encodeConversation, iso, opt, type InboxImpl, type Reply } from './encode';

/** Documents cross gRPC as JSON: the REST shape and the stored shape are the same. */
const encodeDocument = <T>({ document, updatedAt }: BotDocumentView<T>): Reply<'GetBotSettings'> => ({
  json: JSON.stringify(document),
  updatedAt: iso(updatedAt),
});

/** The REST JobView as the proto Job (progress flattened, absent members instead of null). */
export const encodeJob = (job: JobView): Reply<'GetJob'> => ({
  id: job.id,
  kind: job.kind,
  status: job.status,
  done: job.progress.done,
  total: job.progress.total,
  result: job.result ?? undefined,
  createdAt: job.createdAt,
  updatedAt: job.updatedAt,
  finishedAt: opt(job.finishedAt),
});

export const botHandlers = (deps: InboxDeps) =>
  ({
    GetBotSettings: async (_req, caller) => encodeDocument(await getBotSettings(deps, caller)),
    PutBotSettings: async ({ json }, caller) => encodeDocument(await putBotSettings(deps, caller, json)),
    GetBotCategories: async (_req, caller) => encodeDocument(await getBotCategories(deps, caller)),
    PutBotCategories: async ({ json }, caller) => encodeDocument(await putBotCategories(deps, caller, json)),
    GetRoutingRules: async (_req, caller) => encodeDocument(await getRoutingRules(deps, caller)),
    PutRoutingRules: async ({ json }, caller) => encodeDocument(await putRoutingRules(deps, caller, json)),
    ReclassifyConversation: async ({ id }, caller) => {
      const result = await reclassifyConversation(deps, caller, id);
      return { ...result, category: opt(result.category), previousCategory: opt(result.previousCategory) };
    },
    RerouteConversation: async ({ id }, caller) => {
      const { conversation, ...route } = await rerouteConversation(deps, caller, id);
      return {
        teamId: opt(route.teamId),
        assignedTo: opt(route.assignedTo),
        rule: opt(route.rule),
        matchedBy: route.matchedBy,
        conversation: encodeConversation(conversation),
      };
    },
    GenerateHandoffSummary: async ({ id }, caller) => {
      const { summary, source, generatedAt } = await previewHandoffSummary(deps, caller, id);
      return { summary, source, generatedAt: generatedAt.toISOString() };
    },
    StartReclassifyJob: async ({ scope }, caller) => encodeJob(await startReclassifyJob(deps, caller, scope)),
    GetJob: async ({ id }, caller) => encodeJob(await getJob(deps, caller, id)),
  }) satisfies Partial<InboxImpl>;
