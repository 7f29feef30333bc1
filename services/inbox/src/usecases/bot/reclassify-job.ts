import { INBOX_EVENTS, RECLASSIFY_SCOPES, type JobView, type ReclassifyScope } from '@inbox/contracts';
import {
  actorOf,
  invalid,
  newId,
  notFound,
  transactThenPublish,
  type CallerContext,
  type Db,
} from '@inbox/platform';
import type { ConversationRow } from '../../db/repositories/conversation-views';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import {
  inScope,
  jobsRepository,
  type JobProgress,
  type JobRow,
} from '../../db/repositories/jobs.repository';
import type { InboxDeps } from '../../deps';
import { systemOrigin } from '../../events';
import { requireAdmin, requireOrganization } from '../access';
import { applyFields, type ChangeContext } from '../conversations/conversation-changes';
import { loadBotConfig, type LoadedBotConfig } from './bot-config';
import { applyRoute, planRoute, routeFactsOf } from './route-conversation';
import { customerTexts } from './reclassify-conversation';

/** Conversations read per page of the walk. */
export const JOB_PAGE = 50;
/** At most one progress event per this interval (the first and the last always go). */
export const JOB_EVENT_INTERVAL_MS = 1000;

export function jobView(row: JobRow): JobView {
  return {
    id: row.id,
    kind: 'reclassify',
    status: row.status as JobView['status'],
    progress: { done: row.done, total: row.total },
    // Counts so far once it runs; a queued job has none yet.
    result:
      row.status === 'QUEUED'
        ? null
        : {
            matched: row.matched,
            reclassified: row.reclassified,
            rerouted: row.rerouted,
            failed: row.failed,
          },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

async function recordJobUpdated(deps: InboxDeps, tx: Db, row: JobRow): Promise<void> {
  const view = jobView(row);
  await deps.events.record(tx, systemOrigin(row.orgId, row.id), INBOX_EVENTS.jobUpdated, {
    jobId: row.id,
    kind: view.kind,
    status: view.status,
    progress: view.progress,
    result: view.result,
  });
}

function checkScope(scope: unknown): ReclassifyScope {
  if (typeof scope === 'string' && (RECLASSIFY_SCOPES as readonly string[]).includes(scope))
    return scope as ReclassifyScope;
  throw invalid('VALIDATION_FAILED', 'Unknown re-classify scope', [
    { path: 'scope', message: `One of ${RECLASSIFY_SCOPES.join(', ')}` },
  ]);
}

/**
 * POST /conversations/re-classify (Admin): queues a job that re-classifies and re-routes every
 * conversation of the scope. The job and its work item are written in one transaction, so a
 * queued job always runs.
 */
export async function startReclassifyJob(
  deps: InboxDeps,
  caller: CallerContext,
  scope: string,
): Promise<JobView> {
  requireOrganization(caller);
  requireAdmin(caller);
  const checked = checkScope(scope);
  const row = await transactThenPublish(deps, async (tx) => {
    const now = deps.now();
    const job = await jobsRepository.insert(tx, {
      id: newId(),
      orgId: caller.orgId,
      kind: 'reclassify',
      status: 'QUEUED',
      scope: checked,
      total: await jobsRepository.countInScope(tx, caller.orgId, checked),
      createdBy: actorOf(caller),
      createdAt: now,
      updatedAt: now,
    });
    await deps.events.record(tx, caller, INBOX_EVENTS.reclassifyJobRequested, { jobId: job.id });
    await recordJobUpdated(deps, tx, job);
    return job;
  });
  return jobView(row);
}

/** GET /jobs/{id}: a job of the caller's organization (another organization's is a 404). */
export async function getJob(deps: InboxDeps, caller: CallerContext, id: string): Promise<JobView> {
  requireOrganization(caller);
  const row = await jobsRepository.find(deps.db, caller.orgId, id);
  if (!row) throw notFound('Job');
  return jobView(row);
}

/** A conversation gone through with nothing to count: it left the scope before its turn. */
const NOTHING: JobProgress = { done: 1, matched: 0, reclassified: 0, rerouted: 0, failed: 0 };

/** Another runner of the same job moved its cursor: this one stops (its last change rolled back). */
class JobOvertaken extends Error {}

/**
 * Runs (or resumes) a re-classify job: the scope's conversations by id from the job's cursor,
 * each classified and re-routed in its own transaction that also advances the job, so a crash or a
 * redelivery resumes exactly where it stopped and counts nothing twice. A conversation that fails is
 * counted in `failed`; the job goes on. A finished job does nothing.
 */
export async function runReclassifyJob(deps: InboxDeps, jobId: string): Promise<void> {
  let job = await jobsRepository.findAnyOrg(deps.db, jobId);
  if (job?.status === 'QUEUED')
    job =
      (await transactThenPublish(deps, async (tx) => {
        const started = await jobsRepository.start(tx, jobId, deps.now());
        if (started) await recordJobUpdated(deps, tx, started);
        return started;
      })) ?? (await jobsRepository.findAnyOrg(deps.db, jobId));
  if (job?.status !== 'RUNNING') return;
  const config = await loadBotConfig(deps.db, job.orgId);
  const scope = job.scope as ReclassifyScope;
  let lastEventAt = deps.now().getTime();
  try {
    for (;;) {
      const page = await jobsRepository.pageInScope(deps.db, job.orgId, scope, job.cursor, JOB_PAGE);
      if (page.length === 0) break;
      for (const conversation of page) job = await reclassifyOne(deps, config, job, conversation);
      if (deps.now().getTime() - lastEventAt >= JOB_EVENT_INTERVAL_MS) {
        lastEventAt = deps.now().getTime();
        const progress = job;
        await transactThenPublish(deps, (tx) => recordJobUpdated(deps, tx, progress));
      }
    }
    const cursor = job.cursor;
    await transactThenPublish(deps, async (tx) => {
      const done = await jobsRepository.complete(tx, jobId, cursor, deps.now());
      if (!done) throw new JobOvertaken();
      await recordJobUpdated(deps, tx, done);
    });
  } catch (error) {
    if (!(error instanceof JobOvertaken)) throw error;
    deps.logger.info({ jobId }, 'another runner of the re-classify job went on with it');
  }
}

/** One conversation of the job; answers the job as it stands after it. */
async function reclassifyOne(
  deps: InboxDeps,
  config: LoadedBotConfig,
  job: JobRow,
  conversation: ConversationRow,
): Promise<JobRow> {
  try {
    return await applyToConversation(deps, config, job, conversation);
  } catch (error) {
    if (error instanceof JobOvertaken) throw error;
    deps.logger.warn({ err: error, jobId: job.id, conversationId: conversation.id }, 're-classify failed');
  }
  return transactThenPublish(deps, (tx) =>
    advance(deps, tx, job, conversation.id, { ...NOTHING, failed: 1 }),
  );
}

async function advance(deps: InboxDeps, tx: Db, job: JobRow, conversationId: string, step: JobProgress) {
  const next = await jobsRepository.advance(tx, job.id, job.cursor, conversationId, step, deps.now());
  if (!next) throw new JobOvertaken();
  return next;
}

/**
 * Classifies and plans outside any transaction (the model and the directory are remote), then
 * applies both to the locked conversation if it is still in the job's scope.
 */
async function applyToConversation(
  deps: InboxDeps,
  config: LoadedBotConfig,
  job: JobRow,
  conversation: ConversationRow,
): Promise<JobRow> {
  const texts = await customerTexts(deps.db, job.orgId, conversation.id);
  const found = await deps.intelligence.classifyCategory(config, texts);
  const classified = { ...conversation, category: found.category ?? conversation.category };
  const plan = await planRoute(deps, config, classified, await routeFactsOf(deps, config, classified, texts));
  return transactThenPublish(deps, async (tx) => {
    const row = await conversationsRepository.lock(tx, job.orgId, conversation.id);
    if (!row || !inScope(row, job.scope as ReclassifyScope))
      return advance(deps, tx, job, conversation.id, NOTHING);
    const ctx: ChangeContext = {
      deps,
      tx,
      origin: systemOrigin(job.orgId, job.id),
      actorId: job.createdBy,
      by: 'system',
    };
    const categorized = found.category
      ? await applyFields(ctx, row, { category: found.category }, 'ai', found.confidence)
      : row;
    const routed = await applyRoute(ctx, categorized, plan);
    return advance(deps, tx, job, conversation.id, {
      done: 1,
      matched: 1,
      reclassified: categorized.category !== row.category ? 1 : 0,
      rerouted: routed.changed ? 1 : 0,
      failed: 0,
    });
  });
}
