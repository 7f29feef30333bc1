import { isUniqueViolation, newId, transactThenPublish } from '@inbox/platform';
import { templateLedgerRepository } from '../../db/repositories/template-ledger.repository';
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
 * Stores a new template with its first history row and `template.created`, in one transaction.
 * The unique index decides a race for (name, language): the loser gets the same 409 as a
 * look-up would have given. `createdIn` counts a creation in WhatsApp against the WABA's hour.
 */
export async function storeNewTemplate(
  deps: TemplatesDeps,
  caller: CallerContext,
  values: NewTemplateValues,
  options: { event: string; createdIn?: string },
): Promise<TemplateRow> {
  const now = deps.now();
  try {
    return await transactThenPublish(deps, async (tx) => {
      const row = await templatesRepository.insert(tx, {
        ...values,
        id: newId(),
        orgId: caller.orgId,
        createdAt: now,
        updatedAt: now,
      });
      if (options.createdIn)
        await templateLedgerRepository.addCreation(tx, {
          orgId: caller.orgId,
          wabaId: options.createdIn,
          templateId: row.id,
          at: now,
        });
      await recordCreated(deps, tx, caller, row, options.event);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(values.name, values.language);
    throw error;
  }
}
