import { conflict, isId, notFound } from '@inbox/platform';
import { templatesRepository } from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';

/**
 * How long a claim holds: longer than the Cloud API client's 15 s deadline for a call, short
 * enough that a process that died mid-call does not block the template for long.
 */
export const PROVIDER_CALL_CLAIM_MS = 60_000;

const BUSY =
  'This template is being sent to WhatsApp right now (an edit, a submit or a deletion); wait for it and read the template again';

/** The code names what the caller tried; the claim is the same for all. */
const inProgress = {
  edit: () => conflict('EDIT_IN_PROGRESS', BUSY),
  submit: () => conflict('SUBMIT_IN_PROGRESS', BUSY),
  delete: () => conflict('DELETE_IN_PROGRESS', BUSY),
};

/**
 * Runs `work` (which reads the template, checks it and calls WhatsApp) while holding the template's
 * claim (`editing_until`): taken in one short statement before, given back after, never a
 * transaction held across the call. A template already claimed is 409 EDIT_IN_PROGRESS /
 * SUBMIT_IN_PROGRESS / DELETE_IN_PROGRESS without asking WhatsApp (it would refuse a second change of a PENDING
 * template); an unknown one is 404.
 */
export async function withProviderCallClaim<T>(
  deps: TemplatesDeps,
  caller: CallerContext,
  id: string,
  action: keyof typeof inProgress,
  work: () => Promise<T>,
): Promise<T> {
  if (!isId(id)) throw notFound('Template');
  const now = deps.now();
  const until = new Date(now.getTime() + PROVIDER_CALL_CLAIM_MS);
  if (!(await templatesRepository.claimProviderCall(deps.db, caller.orgId, id, now, until))) {
    if (!(await templatesRepository.find(deps.db, caller.orgId, id))) throw notFound('Template');
    throw inProgress[action]();
  }
  try {
    return await work();
  } finally {
    // A failed release must not hide work's outcome: the claim expires on its own.
    await templatesRepository
      .releaseProviderCall(deps.db, caller.orgId, id, until)
      .catch((error: unknown) =>
        deps.logger.warn({ err: error, templateId: id }, 'could not release the template claim'),
      );
  }
}
