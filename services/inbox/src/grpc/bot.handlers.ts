import { DomainError } from '@inbox/platform';
import type { jobs } from '../db/schema';
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
import { iso, type InboxImpl, type Reply } from './encode';

/** Documents cross gRPC as JSON: the REST shape and the stored shape are the same. */
const encodeDocument = <T>({ document, updatedAt }: BotDocumentView<T>): Reply<'GetBotSettings'> => ({
  json: JSON.stringify(document),
  updatedAt: iso(updatedAt),
});

export const encodeJob = (job: typeof jobs.$inferSelect): Reply<'GetJob'> => ({
  id: job.id,
  kind: job.kind,
  status: job.status,
  done: job.done,
  total: job.total,
  result:
    job.finishedAt === null
      ? undefined
      : { matched: job.matched, reclassified: job.reclassified, rerouted: job.rerouted, failed: job.failed },
  createdAt: iso(job.createdAt) ?? '',
  updatedAt: iso(job.updatedAt) ?? '',
  finishedAt: iso(job.finishedAt),
});

// Until the use cases land (H6): an honest 503 rather than a method the service does not have.
const notBuilt = (): never => {
  throw new DomainError('unavailable', 'NOT_BUILT', 'Not available yet');
};

export const botHandlers = (deps: InboxDeps) =>
  ({
    GetBotSettings: async (_req, caller) => encodeDocument(await getBotSettings(deps, caller)),
    PutBotSettings: async ({ json }, caller) => encodeDocument(await putBotSettings(deps, caller, json)),
    GetBotCategories: async (_req, caller) => encodeDocument(await getBotCategories(deps, caller)),
    PutBotCategories: async ({ json }, caller) => encodeDocument(await putBotCategories(deps, caller, json)),
    GetRoutingRules: async (_req, caller) => encodeDocument(await getRoutingRules(deps, caller)),
    PutRoutingRules: async ({ json }, caller) => encodeDocument(await putRoutingRules(deps, caller, json)),
    ReclassifyConversation: async () => notBuilt(),
    RerouteConversation: async () => notBuilt(),
    GenerateHandoffSummary: async () => notBuilt(),
    StartReclassifyJob: async () => notBuilt(),
    GetJob: async () => notBuilt(),
  }) satisfies Partial<InboxImpl>;
