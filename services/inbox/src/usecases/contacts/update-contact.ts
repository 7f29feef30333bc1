import { isDeepStrictEqual } from 'node:util';
import { CONTACT_LIMITS, INBOX_EVENTS } from '@inbox/contracts';
import { invalid, notFound, transactThenPublish } from '@inbox/platform';
import { contactsRepository, type ContactPatch } from '../../db/repositories/contacts.repository';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { actorOf, requireOrganization } from '../access';
import { applyFields, type ChangeContext } from '../conversations/conversation-changes';
import { cleanText } from '../conversations/field-rules';
import type { ContactView } from './contact-view';
import { parseCustomFields } from './custom-fields';

/** PATCH /contacts/{waId}: absent fields are kept; null clears name, alias and notes. */
export interface ContactUpdate {
  name?: string | null;
  category?: string | null;
  alias?: string | null;
  notes?: string | null;
  /** Replaces the whole object. */
  customFields?: unknown;
}

/**
 * Updates the light profile; a category is applied to the contact's active conversations (closed
 * ones keep the category they were handled under). Validated before the transaction.
 */
export async function updateContact(
  deps: InboxDeps,
  caller: CallerContext,
  waId: string,
  update: ContactUpdate,
): Promise<ContactView> {
  requireOrganization(caller);
  if (Object.values(update).every((v) => v === undefined))
    throw invalid('VALIDATION_FAILED', 'Nothing to update: give at least one field', [
      { path: '(body)', message: 'Empty update' },
    ]);
  const patch: ContactPatch = {
    name: cleanText(update.name, 'name', CONTACT_LIMITS.name),
    alias: cleanText(update.alias, 'alias', CONTACT_LIMITS.alias, 'null'),
    notes: cleanText(update.notes, 'notes', CONTACT_LIMITS.notes, 'null'),
    customFields: update.customFields === undefined ? undefined : parseCustomFields(update.customFields),
  };
  const category = cleanText(update.category, 'category', CONTACT_LIMITS.category);

  const view = await transactThenPublish(deps, async (tx) => {
    const contact = await contactsRepository.lock(tx, caller.orgId, waId);
    if (!contact) throw notFound('Contact');
    const changed = (Object.keys(patch) as Array<keyof ContactPatch>).filter(
      (key) => patch[key] !== undefined && !isDeepStrictEqual(patch[key], contact[key]),
    );
    const updated = changed.length
      ? await contactsRepository.update(tx, caller.orgId, waId, {
          ...Object.fromEntries(changed.map((key) => [key, patch[key]])),
          updatedAt: deps.now(),
        })
      : contact;
    const ctx: ChangeContext = { deps, tx, origin: caller, actorId: actorOf(caller), by: 'agent' };
    const changes: string[] = [...changed];
    if (category !== undefined && (await applyCategory(ctx, waId, category))) changes.push('category');
    if (changes.length)
      await deps.events.record(tx, caller, INBOX_EVENTS.contactUpdated, {
        waId,
        changes,
        actorId: actorOf(caller),
      });
    const current = await contactsRepository.currentConversations(tx, caller.orgId, [waId]);
    return { contact: updated, current: current.get(waId) ?? null };
  });
  return view;
}

/** Whether any active conversation's category changed. */
async function applyCategory(ctx: ChangeContext, waId: string, category: string | null): Promise<boolean> {
  let changed = false;
  for (const row of await conversationsRepository.lockActiveOfContact(ctx.tx, ctx.origin.orgId, waId)) {
    if ((await applyFields(ctx, row, { category }, 'contact')) !== row) changed = true;
  }
  return changed;
}
