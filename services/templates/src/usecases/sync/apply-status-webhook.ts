import { isTemplateCategory, type ProviderWhatsAppData } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import { messageTemplateStatusUpdateSchema } from '@inbox/whatsapp';
import {
  templatesRepository,
  type TemplatePatch,
  type TemplateRow,
} from '../../db/repositories/templates.repository';
import type { TemplatesDeps } from '../../deps';
import { applyStatusEvent, isStaleEvent, type StatusChangeOutcome } from '../../domain/template-lifecycle';
import { recordProviderStatus, recordProviderUpdate, type ProviderActor } from './provider-changes';
import { addHistoryNote, eventTimeOf, readWebhookValue } from './template-webhook';

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
 * A template gone from WhatsApp that a webhook shows again comes back, unless a live template has
 * taken its name and language here meanwhile (then it stays gone: both cannot be live).
 */
async function revivalPatch(deps: TemplatesDeps, tx: Db, row: TemplateRow): Promise<TemplatePatch | null> {
  if (row.status !== 'REMOVED') return {};
  if (await templatesRepository.findLive(tx, row.orgId, row.name, row.language, row.id)) {
    deps.logger.warn(
      { templateId: row.id, name: row.name, language: row.language },
      'a template back in WhatsApp has its name taken here; left removed',
    );
    return null;
  }
  return { goneFromWhatsAppAt: null };
}

/**
 * `message_template_status_update`: the lifecycle rule decides (stale, repeated and unknown
 * events change nothing); the rejection reason and WhatsApp's details are kept while REJECTED;
 * an event that leaves the status (FLAGGED, LOCKED) is noted in the history. The event's time is
 * kept (`provider_event_at`), repeats included: a webhook about an earlier moment is then stale,
 * and an edit racing this webhook keeps the status it reports. True when anything changed.
 */
export async function applyStatusWebhook(
  deps: TemplatesDeps,
  tx: Db,
  actor: ProviderActor,
  row: TemplateRow,
  data: ProviderWhatsAppData,
): Promise<boolean> {
  const value = readWebhookValue(deps, statusValueSchema, row, data);
  if (!value) return false;
  const eventAt = eventTimeOf(data);
  if (isStaleEvent(eventAt, row.providerEventAt)) return false;
  const outcome = applyStatusEvent(
    row.status,
    value,
    { eventAt, lastEventAt: row.providerEventAt },
    { goneFromWhatsApp: row.goneFromWhatsAppAt !== null },
  );
  // Removed here by a user (or still gone): nothing WhatsApp says changes it.
  if (row.status === 'REMOVED' && !outcome) return false;
  const revival = await revivalPatch(deps, tx, row);
  if (!revival) return false;
  const patch: TemplatePatch = {
    ...categoryPatch(row, value.message_template_category),
    ...(outcome && outcome.status !== row.status ? { status: outcome.status } : {}),
    ...(outcome ? rejectionPatch(row, outcome) : {}),
    ...revival,
  };
  const eventTime =
    eventAt && eventAt.getTime() !== row.providerEventAt?.getTime() ? { providerEventAt: eventAt } : {};
  if (Object.keys(patch).length === 0) {
    // Only the time: no change anyone sees (updatedAt and events stay).
    if (eventTime.providerEventAt) await templatesRepository.update(tx, row.orgId, row.id, eventTime);
    if (!outcome) return false;
    return addHistoryNote(deps, tx, actor, row, { event: outcome.event, reason: outcome.reason, eventAt });
  }
  const after = await templatesRepository.update(tx, row.orgId, row.id, {
    ...patch,
    ...eventTime,
    updatedAt: deps.now(),
  });
  if (outcome && after.status !== row.status)
    await recordProviderStatus(deps, tx, actor, {
      before: row,
      after,
      event: outcome.event,
      reason: outcome.reason,
      eventAt,
    });
  else if (outcome && outcome.event !== row.status)
    await addHistoryNote(deps, tx, actor, after, { event: outcome.event, reason: outcome.reason, eventAt });
  await recordProviderUpdate(deps, tx, actor, after, patch.category ? ['category'] : []);
  return true;
}
