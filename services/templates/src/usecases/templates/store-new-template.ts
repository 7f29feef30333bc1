import { conflict, isUniqueViolation, newId, transactThenPublish } from '@inbox/platform';
import {
  templatesRepository,
  type NewTemplateRow,
  type TemplateRow,
} from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { recordCreated } from './template-changes';
import { nameTaken } from './template-input';

export type NewTemplateValues = Omit<NewTemplateRow, 'id' | 'orgId' | 'createdAt' | 'updatedAt'>;

/**
 * WhatsApp created the template, but a template of the same name and language was stored here
 * meanwhile (a draft saved during the call): the one in WhatsApp has no row here yet.
 */
const createdInWhatsAppOnly = (values: NewTemplateValues) =>
  conflict(
    'CREATED_IN_WHATSAPP_ONLY',
    `WhatsApp created ${values.name} (${values.language}, id ${values.providerTemplateId ?? 'unknown'}), ` +
      'but a template of that name and language was saved here meanwhile. Rename or remove that one, ' +
      'then sync the templates to bring this one in.',
  );

/**
 * Stores a new template with its first history row and `template.created`, in one transaction.
 * The unique index decides a race for (name, language): the loser gets the same 409 as a look-up
 * would have given, or, when WhatsApp already created it (`inWhatsApp`), 409
 * CREATED_IN_WHATSAPP_ONLY (its creation stays counted in the WABA's hour).
 */
export async function storeNewTemplate(
  deps: TemplatesDeps,
  caller: CallerContext,
  values: NewTemplateValues,
  options: { event: string; id?: string; inWhatsApp?: boolean },
): Promise<TemplateRow> {
  const now = deps.now();
  try {
    return await transactThenPublish(deps, async (tx) => {
      const row = await templatesRepository.insert(tx, {
        ...values,
        id: options.id ?? newId(),
        orgId: caller.orgId,
        createdAt: now,
        updatedAt: now,
      });
      await recordCreated(deps, tx, caller, row, options.event);
      return row;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw options.inWhatsApp ? createdInWhatsAppOnly(values) : nameTaken(values.name, values.language);
  }
}
