import type {
  ParameterFormat,
  TemplateCategory,
  TemplateQualityRating,
  TemplateStatus,
} from '@inbox/contracts';
import type { StoredComponent } from '../../db/schema';
import type { TemplatePatch, TemplateRow } from '../../db/repositories/templates.repository';

/**
 * A template as WhatsApp listed it, kept compact while the sync reads every page: only what is
 * stored, with the components as one canonical JSON text (null when the read already found them
 * equal to the stored ones, so an unchanged template costs a few short strings).
 */
export interface RemoteTemplate {
  providerTemplateId: string;
  name: string;
  language: string;
  /** Ours, mapped from WhatsApp's (statusFromProvider). */
  status: TemplateStatus;
  /** Only categories the API knows: a template of another one is left out of the sync. */
  category: TemplateCategory;
  components: string | null;
  parameterFormat: ParameterFormat;
  /** WhatsApp's rating; one this service does not know is UNKNOWN. */
  qualityRating: TemplateQualityRating | null;
  /** WhatsApp's `rejected_reason`; `NONE` is no reason. */
  rejectedReason: string | null;
}

export type SyncDecision =
  { kind: 'create' } | { kind: 'update'; patch: TemplatePatch; changes: string[] } | { kind: 'unchanged' };

/**
 * A sync leaves alone a local draft and a template a user removed here (never brought back); a
 * template a sync found gone from WhatsApp comes back when the listing shows it alive again.
 */
function leftAlone(local: TemplateRow, remote: RemoteTemplate): boolean {
  if (local.status === 'DRAFT') return true;
  if (local.status !== 'REMOVED') return false;
  return local.goneFromWhatsAppAt === null || remote.status === 'REMOVED';
}

/** JSON with object keys sorted: PostgreSQL's jsonb reorders keys, so plain text comparison would not do. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The reason a REJECTED template keeps; any other status has none. */
function rejectionAfter(local: TemplateRow | undefined, remote: RemoteTemplate): string | null {
  if (remote.status !== 'REJECTED') return null;
  const said = remote.rejectedReason && remote.rejectedReason !== 'NONE' ? remote.rejectedReason : null;
  return said ?? local?.rejectedReason ?? null;
}

/**
 * What a sync does with one template WhatsApp listed, given the stored row with its id (or the
 * unlinked row of its name and language) — a pure rule, re-applied on the locked row before writing.
 * A template gone from WhatsApp that is listed again comes back in the listed status.
 * A row changed after `readStartedAt` is left alone: a webhook or a user got there after the listing
 * was read, and the newer change wins.
 */
export function planSync(
  local: TemplateRow | undefined,
  remote: RemoteTemplate,
  readStartedAt: Date,
): SyncDecision {
  if (!local) return remote.status === 'REMOVED' ? { kind: 'unchanged' } : { kind: 'create' };
  if (leftAlone(local, remote)) return { kind: 'unchanged' };
  if (local.updatedAt.getTime() > readStartedAt.getTime()) return { kind: 'unchanged' };
  const patch: TemplatePatch = {};
  const changes: string[] = [];
  const set = <K extends keyof TemplatePatch>(key: K, value: TemplatePatch[K], change?: string) => {
    patch[key] = value;
    if (change) changes.push(change);
  };
  if (local.providerTemplateId === null) set('providerTemplateId', remote.providerTemplateId);
  if (local.goneFromWhatsAppAt !== null) set('goneFromWhatsAppAt', null);
  if (local.status !== remote.status) set('status', remote.status);
  // Listed as deleted (PENDING_DELETION, DELETED): gone from WhatsApp, not removed by a user.
  if (remote.status === 'REMOVED' && local.status !== 'REMOVED') set('goneFromWhatsAppAt', readStartedAt);
  if (local.category !== remote.category) set('category', remote.category, 'category');
  if (remote.components !== null && remote.components !== canonicalJson(local.components))
    set('components', JSON.parse(remote.components) as StoredComponent[], 'components');
  if (local.parameterFormat !== remote.parameterFormat)
    set('parameterFormat', remote.parameterFormat, 'parameter_format');
  if (remote.qualityRating !== null && local.qualityRating !== remote.qualityRating)
    set('qualityRating', remote.qualityRating, 'quality_rating');
  const rejectedReason = rejectionAfter(local, remote);
  if (local.rejectedReason !== rejectedReason) set('rejectedReason', rejectedReason, 'rejected_reason');
  if (remote.status !== 'REJECTED' && local.rejectionDetails !== null) set('rejectionDetails', null);
  return Object.keys(patch).length === 0 ? { kind: 'unchanged' } : { kind: 'update', patch, changes };
}

/** The columns of a template first seen in WhatsApp's listing. */
export function syncedRow(remote: RemoteTemplate): {
  name: string;
  language: string;
  category: string;
  status: TemplateStatus;
  components: StoredComponent[];
  parameterFormat: ParameterFormat;
  providerTemplateId: string;
  qualityRating: string | null;
  rejectedReason: string | null;
} {
  return {
    name: remote.name,
    language: remote.language,
    category: remote.category,
    status: remote.status,
    components: JSON.parse(remote.components ?? '[]') as StoredComponent[],
    parameterFormat: remote.parameterFormat,
    providerTemplateId: remote.providerTemplateId,
    qualityRating: remote.qualityRating,
    rejectedReason: rejectionAfter(undefined, remote),
  };
}
