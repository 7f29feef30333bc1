import { invalid, notFound } from '@inbox/platform';
import { normalizePhone, waIdVariants } from '@inbox/whatsapp';
import { contactsRepository } from '../../db/repositories/contacts.repository';
import { conversationsRepository } from '../../db/repositories/conversations.repository';
import type { InboxDeps } from '../../deps';
import { isActive } from '../../domain/conversation-state';

/** Where a template goes: a conversation of the organization, or a phone number in any notation. */
export type TemplateTarget = { conversationId: string } | { phone: string };

/**
 * The person a template is for, read before any transaction: their wa_id as the inbox knows it,
 * and the active conversation to store the message in when there is one (else the send starts one).
 */
export interface TemplateRecipient {
  waId: string;
  /** Every wa_id WhatsApp may use for this person (a repeated request is recognised by any). */
  waIds: string[];
  activeConversationId: string | null;
}

const invalidPhone = () =>
  invalid('VALIDATION_FAILED', 'The phone number is not valid', [
    {
      path: 'phone',
      message: 'A phone number with its country code, e.g. +52 55 1234 5678',
    },
  ]);

/**
 * A conversation id must be the organization's (404 otherwise). A CLOSED one is never reopened by
 * a send: the template goes to the contact's active conversation (its successor), or starts one,
 * where the customer's reply will land too.
 */
export async function resolveRecipient(
  deps: InboxDeps,
  orgId: number,
  target: TemplateTarget,
): Promise<TemplateRecipient> {
  if ('conversationId' in target) {
    const conversation = await conversationsRepository.find(deps.db, orgId, target.conversationId);
    if (!conversation) throw notFound('Conversation');
    if (isActive(conversation.status))
      return { waId: conversation.waId, waIds: [conversation.waId], activeConversationId: conversation.id };
    return byWaIds(deps, orgId, waIdVariants(conversation.waId));
  }
  const phone = normalizePhone(target.phone);
  if (!phone) throw invalidPhone();
  return byWaIds(deps, orgId, waIdVariants(phone.waId));
}

/**
 * The first wa_id is the one to use for someone new. Someone already known may be stored under
 * another spelling (Mexico's 52/521, Brazil's ninth digit): their latest conversation (an active
 * one first), else their contact, decides, so a send never splits one person in two.
 */
async function byWaIds(deps: InboxDeps, orgId: number, waIds: string[]): Promise<TemplateRecipient> {
  const latest = await conversationsRepository.latestOfContacts(deps.db, orgId, waIds);
  if (latest)
    return {
      waId: latest.waId,
      waIds,
      activeConversationId: isActive(latest.status) ? latest.id : null,
    };
  const [known] = await contactsRepository.findAmong(deps.db, orgId, waIds);
  return { waId: known?.waId ?? waIds[0], waIds, activeConversationId: null };
}
