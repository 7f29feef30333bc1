import {
  DEFAULT_PARAMETER_FORMAT,
  isParameterFormat,
  isTemplateCategory,
  TEMPLATE_QUALITY_RATINGS,
  type TemplateQualityRating,
} from '@inbox/contracts';
import { DomainError } from '@inbox/platform';
import type { CloudApiClient, ProviderTemplate } from '@inbox/whatsapp';
import { syncRepository } from '../../db/repositories/sync.repository';
import type { TemplatesDeps } from '../../deps';
import { storableText } from '../../domain/provider-text';
import { statusFromProvider } from '../../domain/template-lifecycle';
import { canonicalJson, planSync, type RemoteTemplate } from './sync-plan';

/** Templates asked per page (Graph's page size for message_templates is up to 100 here). */
export const SYNC_PAGE_SIZE = 100;

/**
 * A WABA holds at most 6,000 templates (verified business); a listing beyond this is not a WABA's
 * and would only grow memory, so the sync stops before writing anything.
 */
export const MAX_SYNCED_TEMPLATES = 10_000;

/** What WhatsApp listed: every id it has, and the templates a write may change or create. */
export interface ProviderListing {
  /** Every template id of the listing (what is absent from it is gone from WhatsApp). */
  ids: Set<string>;
  /** Templates that differ from the stored row, or are new, when the page was read. */
  changed: RemoteTemplate[];
}

/** A rating WhatsApp may add later is not one the API can answer: it is not known yet. */
const qualityOf = (score: string | undefined): TemplateQualityRating | null => {
  if (score === undefined) return null;
  const known = TEMPLATE_QUALITY_RATINGS.find((q) => q === score.toUpperCase());
  return known ?? 'UNKNOWN';
};

function compact(template: ProviderTemplate & { category: RemoteTemplate['category'] }): RemoteTemplate {
  return {
    providerTemplateId: template.id,
    name: template.name,
    language: template.language,
    status: statusFromProvider(template.status),
    category: template.category,
    components: canonicalJson(template.components),
    parameterFormat:
      template.parameter_format && isParameterFormat(template.parameter_format)
        ? template.parameter_format
        : DEFAULT_PARAMETER_FORMAT,
    qualityRating: qualityOf(template.quality_score?.score),
    rejectedReason: template.rejected_reason ?? null,
  };
}

/**
 * Reads every page of the WABA's templates (following the paging cursor), outside any
 * transaction. Each page is compared with the stored rows as it arrives, so only what may change
 * is kept whole; an unchanged template is kept as its id. `onPage` runs after each page (the sync
 * renews its lease there). A failure on any page throws before anything is written.
 */
export async function readProviderTemplates(
  deps: TemplatesDeps,
  orgId: number,
  whatsapp: CloudApiClient,
  wabaId: string,
  options: { pageSize?: number; readStartedAt: Date; onPage?: () => Promise<void> },
): Promise<ProviderListing> {
  const listing: ProviderListing = { ids: new Set(), changed: [] };
  const skipped: { id: string; name: string; category: string }[] = [];
  const pages = whatsapp.templatePages(wabaId, { limit: options.pageSize ?? SYNC_PAGE_SIZE });
  for await (const page of pages) {
    if (listing.ids.size + page.data.length > MAX_SYNCED_TEMPLATES)
      throw new DomainError(
        'unavailable',
        'SYNC_TOO_LARGE',
        `WhatsApp listed more than ${MAX_SYNCED_TEMPLATES} templates; nothing was changed`,
      );
    // A category this service does not know (one WhatsApp added) cannot be answered or priced:
    // the template is left as it is here, and stays in the listing so it never counts as gone.
    const remote: RemoteTemplate[] = [];
    // WhatsApp's text as it can be stored (NUL, lone surrogates → U+FFFD), compared and written alike.
    for (const template of storableText(page.data)) {
      listing.ids.add(template.id);
      if (isTemplateCategory(template.category))
        remote.push(compact({ ...template, category: template.category }));
      else skipped.push({ id: template.id, name: template.name, category: template.category });
    }
    const ids = remote.map((r) => r.providerTemplateId);
    const stored = new Map(
      (await syncRepository.byProviderIds(deps.db, orgId, ids)).map((row) => [row.providerTemplateId, row]),
    );
    for (const template of remote) {
      const local = stored.get(template.providerTemplateId);
      const decision = planSync(local, template, options.readStartedAt);
      if (decision.kind === 'unchanged') continue;
      const sameComponents = local && template.components === canonicalJson(local.components);
      listing.changed.push(sameComponents ? { ...template, components: null } : template);
    }
    await options.onPage?.();
  }
  if (skipped.length > 0)
    deps.logger.warn(
      { orgId, count: skipped.length, templates: skipped.slice(0, 20) },
      'templates of a category this service does not know were left out of the sync',
    );
  return listing;
}
