import { INBOX_EVENTS } from '@inbox/contracts';
import { isUniqueViolation, transactThenPublish, type CallerContext } from '@inbox/platform';
import { waIdVariants } from '@inbox/whatsapp';
import { contactsRepository } from '../../db/repositories/contacts.repository';
import type { InboxDeps } from '../../deps';

/**
 * A send's answer names the person by the wa_id WhatsApp knows them by. When that is another
 * spelling of ours (Mexico's 52/521, Brazil's ninth digit: ours was a guess for someone new), the
 * contact and their conversations take it, so the reply, which comes from that wa_id, lands with
 * them instead of starting a second contact. Not when another contact already has it (the person
 * is already known twice), nor for a wa_id that is not a spelling of ours (logged: nothing we can
 * check). Runs after the send's outcome is stored; a clash with a concurrent writer changes nothing.
 */
export async function adoptWhatsAppWaId(
  deps: InboxDeps,
  caller: CallerContext,
  ours: string,
  whatsapps: string,
): Promise<boolean> {
  if (whatsapps === ours) return false;
  if (!waIdVariants(ours).includes(whatsapps)) {
    deps.logger.warn(
      { ours, whatsapps },
      'WhatsApp answered a send with a wa_id that is not a spelling of ours',
    );
    return false;
  }
  try {
    return await transactThenPublish(deps, async (tx) => {
      const renamed = await contactsRepository.renameWaId(tx, caller.orgId, ours, whatsapps);
      if (renamed)
        await deps.events.record(tx, caller, INBOX_EVENTS.contactUpdated, {
          waId: whatsapps,
          changes: ['waId'],
          actorId: null,
        });
      return renamed;
    });
  } catch (error) {
    // The customer wrote under WhatsApp's wa_id at this very moment: their contact exists now.
    if (!isUniqueViolation(error)) throw error;
    return false;
  }
}
