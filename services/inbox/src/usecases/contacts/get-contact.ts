import { notFound } from '@inbox/platform';
import { contactsRepository } from '../../db/repositories/contacts.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireOrganization } from '../access';
import type { ContactView } from './contact-view';

export async function getContact(deps: InboxDeps, caller: CallerContext, waId: string): Promise<ContactView> {
  requireOrganization(caller);
  const contact = await contactsRepository.find(deps.db, caller.orgId, waId);
  if (!contact) throw notFound('Contact');
  const current = await contactsRepository.currentConversations(deps.db, caller.orgId, [waId]);
  return { contact, current: current.get(waId) ?? null };
}
