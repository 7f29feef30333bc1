import type { ProviderWhatsAppData } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import { messageTemplateQualityUpdateSchema } from '@inbox/whatsapp';
import { templatesRepository, type TemplateRow } from '../../db/repositories/templates.repository';
import type { TemplatesDeps } from '../../deps';
import { recordProviderUpdate, type ProviderActor } from './provider-changes';
import { readWebhookValue } from './template-webhook';

const qualityValueSchema = messageTemplateQualityUpdateSchema.omit({ message_template_id: true });

/**
 * `message_template_quality_update`: the new rating is stored (`template.updated` with
 * `quality_rating`); a repeat changes nothing. A RED rating's pause arrives as its own status
 * webhook. True when anything changed.
 */
export async function applyQualityWebhook(
  deps: TemplatesDeps,
  tx: Db,
  actor: ProviderActor,
  row: TemplateRow,
  data: ProviderWhatsAppData,
): Promise<boolean> {
  const value = readWebhookValue(deps, qualityValueSchema, row, data);
  if (!value) return false;
  const rating = value.new_quality_score;
  if (rating === row.qualityRating) return false;
  const after = await templatesRepository.update(tx, row.orgId, row.id, {
    qualityRating: rating,
    updatedAt: deps.now(),
  });
  await recordProviderUpdate(deps, tx, actor, after, ['quality_rating']);
  return true;
}
