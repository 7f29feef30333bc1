import { isTemplateCategory, type ProviderWhatsAppData } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import { templateCategoryUpdateSchema } from '@inbox/whatsapp';
import { templatesRepository, type TemplateRow } from '../../db/repositories/templates.repository';
import type { TemplatesDeps } from '../../deps';
import { recordProviderUpdate, type ProviderActor } from './provider-changes';
import { addHistoryNote, readWebhookValue } from './template-webhook';

const categoryValueSchema = templateCategoryUpdateSchema
  .omit({ message_template_id: true })
  .refine((value) => isTemplateCategory(value.new_category));

/** History events of a category change (the status stays; the history shows what happened). */
export const CATEGORY_EVENTS = {
  announced: 'CATEGORY_CHANGE_ANNOUNCED',
  changed: 'CATEGORY_CHANGED',
} as const;

/**
 * `template_category_update`, both shapes. The warning (`correct_category`, sent about 24 h ahead)
 * changes nothing yet and is noted in the history with the category and when it applies; the
 * done notice stores the new category (`template.updated` with `category`: a campaign's price
 * depends on it). A repeat changes nothing. True when anything changed.
 */
export async function applyCategoryWebhook(
  deps: TemplatesDeps,
  tx: Db,
  actor: ProviderActor,
  row: TemplateRow,
  data: ProviderWhatsAppData,
): Promise<boolean> {
  const value = readWebhookValue(deps, categoryValueSchema, row, data);
  if (!value) return false;
  if (value.correct_category !== undefined && value.previous_category === undefined) {
    const when = value.category_update_timestamp;
    const at = when === undefined ? '' : ` on ${new Date(when * 1000).toISOString()}`;
    return addHistoryNote(deps, tx, actor, row, {
      event: CATEGORY_EVENTS.announced,
      reason: `${value.new_category} → ${value.correct_category}${at}`,
    });
  }
  if (value.new_category === row.category) return false;
  const after = await templatesRepository.update(tx, row.orgId, row.id, {
    category: value.new_category,
    updatedAt: deps.now(),
  });
  await addHistoryNote(deps, tx, actor, after, {
    event: CATEGORY_EVENTS.changed,
    reason: `${value.previous_category ?? row.category} → ${value.new_category}`,
  });
  await recordProviderUpdate(deps, tx, actor, after, ['category']);
  return true;
}
