import { isTemplateCategory, type ProviderWhatsAppData } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import { messageTemplateStatusUpdateSchema } from '@inbox/whatsapp';
import { syncRepository } from '../../db/repositories/sync.repository';
import {
  templatesRepository,
  type TemplatePatch,
  type TemplateRow,
} from '../../db/repositories/templates.repository';
import type { TemplatesDeps } from '../../deps';
import { applyStatusEvent, type StatusChangeOutcome } from '../../domain/template-lifecycle';
import { recordProviderStatus, recordProviderUpdate, type ProviderActor } from './provider-changes';
import { addHistoryNote, eventTimeOf } from './template-webhook';

/** The fields read here; the id is read apart (it may be a string beyond 2^53). */
const statusValueSchema = messageTemplateStatusUpdateSchema.omit({ message_template_id: true });

/** The rejection columns after a status: kept (and refreshed) while REJECTED, cleared otherwise. */
function rejectionPatch(row: TemplateRow, outcome: StatusChangeOutcome): TemplatePatch {
  if (outcome.status !== 'REJECTED')
    return row.rejectedReason === null && row.rejectionDetails === null
      ? {}
      : { rejectedReason: null, rejectionDetails: null };
  return {
    rejectedReason: outcome.reason,
    rejectionDetails: outcome.rejectionInfo ? { ...outcome.rejectionInfo } : null,
  };
}

/**
 * The category a status webhook names, when it is another one: WhatsApp may approve a template
 * under a category other than the one asked for, which is then kept as `requested_category`.
 */
function categoryPatch(row: TemplateRow, category: string | undefined): TemplatePatch {
  if (!category || !isTemplateCategory(category) || category === row.category) return {};
  const requested = row.requestedCategory ?? (row.status === 'PENDING' ? row.category : null);
  return { category, requestedCategory: requested };
}

/**
 * `message_template_status_update`: the lifecycle rule decides (stale, repeated and unknown
 * events change nothing); the rejection reason and WhatsApp's details are kept while REJECTED;
 * an event that leaves the status (FLAGGED, LOCKED) is noted in the history. True when anything
 * changed.
 */
export async function applyStatusWebhook(
  deps: TemplatesDeps,
  tx: Db,
  actor: ProviderActor,
  row: TemplateRow,
  data: ProviderWhatsAppData,
): Promise<boolean> {
  const parsed = statusValueSchema.safeParse(data.value);
  if (!parsed.success) {
    deps.logger.warn({ templateId: row.id, field: data.field }, 'malformed template status webhook ignored');
    return false;
  }
  const value = parsed.data;
  const last = await syncRepository.lastStatusChange(tx, row.id);
  const outcome = applyStatusEvent(row.status, value, { eventAt: eventTimeOf(data), lastChangeAt: last?.at });
  const patch: TemplatePatch = {
    ...categoryPatch(row, value.message_template_category),
    ...(outcome && outcome.status !== row.status ? { status: outcome.status } : {}),
    ...(outcome ? rejectionPatch(row, outcome) : {}),
  };
  if (Object.keys(patch).length === 0) {
    if (!outcome) return false;
    return addHistoryNote(deps, tx, actor, row, { event: outcome.event, reason: outcome.reason });
  }
  const after = await templatesRepository.update(tx, row.orgId, row.id, { ...patch, updatedAt: deps.now() });
  if (outcome && after.status !== row.status)
    await recordProviderStatus(deps, tx, actor, {
      before: row,
      after,
      event: outcome.event,
      reason: outcome.reason,
    });
  else if (outcome && outcome.event !== row.status)
    await addHistoryNote(deps, tx, actor, after, { event: outcome.event, reason: outcome.reason });
  await recordProviderUpdate(deps, tx, actor, after, patch.category ? ['category'] : []);
  return true;
}
