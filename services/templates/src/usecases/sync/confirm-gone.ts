import type { CloudApiClient } from '@inbox/whatsapp';
import { CloudApiError } from '@inbox/whatsapp';
import { syncRepository } from '../../db/repositories/sync.repository';
import type { TemplatesDeps } from '../../deps';
import { statusFromProvider } from '../../domain/template-lifecycle';
import type { ProviderListing } from './read-provider-templates';

/**
 * A template created or changed this shortly before a listing was read may not be in it yet
 * (WhatsApp's listing lags its writes): it is never taken for gone.
 */
export const GONE_GRACE_MS = 5 * 60_000;

/** Templates asked of WhatsApp one by one per sync; the rest are checked by the next sync. */
export const MAX_GONE_CHECKS = 100;

/** What WhatsApp answers about one template by its id. */
async function whereIs(
  whatsapp: CloudApiClient,
  providerTemplateId: string,
): Promise<'there' | 'gone' | 'unsure'> {
  try {
    const template = await whatsapp.getTemplate(providerTemplateId);
    return statusFromProvider(template.status) === 'REMOVED' ? 'gone' : 'there';
  } catch (error) {
    // Graph's "object does not exist" (code 100, subcode 33, or a 404): really gone.
    const notFound =
      error instanceof CloudApiError &&
      !error.local &&
      (error.httpStatus === 404 || (error.code === 100 && error.subcode === 33));
    return notFound ? 'gone' : 'unsure';
  }
}

export interface GoneTemplates {
  /** Local ids of templates WhatsApp confirmed it no longer has. */
  ids: string[];
  /** Only templates neither created nor changed since this moment were considered. */
  before: Date;
}

/**
 * The templates a complete listing lacks, each confirmed gone by asking WhatsApp for it by id,
 * outside any transaction: a listing can miss a template (created just before it was read, or
 * skipped while paging), and a template taken for gone would stop being sendable. Ones WhatsApp
 * still has, or cannot answer about, are left for the next sync.
 */
export async function confirmGone(
  deps: TemplatesDeps,
  orgId: number,
  whatsapp: CloudApiClient,
  listing: ProviderListing,
  readStartedAt: Date,
): Promise<GoneTemplates> {
  const before = new Date(readStartedAt.getTime() - GONE_GRACE_MS);
  const missing = (await syncRepository.goneCandidates(deps.db, orgId, before)).filter(
    (c) => !listing.ids.has(c.providerTemplateId),
  );
  const ids: string[] = [];
  for (const candidate of missing.slice(0, MAX_GONE_CHECKS)) {
    const answer = await whereIs(whatsapp, candidate.providerTemplateId);
    if (answer === 'gone') ids.push(candidate.id);
    else
      deps.logger.info(
        { orgId, templateId: candidate.id, providerTemplateId: candidate.providerTemplateId, answer },
        'a template missing from the listing was not removed',
      );
    // WhatsApp failing: the next sync asks again.
    if (answer === 'unsure') break;
  }
  return { ids, before };
}
