import { CONTACT_CLEARABLE } from '@inbox/contracts';
import { clearedFields } from '@inbox/platform';
import type { InboxDeps } from '../deps';
import type { ContactView } from '../usecases/contacts/contact-view';
import { customFieldsFromJson } from '../usecases/contacts/custom-fields';
import { getContact } from '../usecases/contacts/get-contact';
import { listContacts } from '../usecases/contacts/list-contacts';
import { updateContact, type ContactUpdate } from '../usecases/contacts/update-contact';
import { encodeContact, opt, type InboxImpl } from './encode';

const encode = ({ contact, current }: ContactView) =>
  encodeContact(contact, { category: current?.category, lastConversationId: current?.conversationId });

export const contactHandlers = (deps: InboxDeps) =>
  ({
    ListContacts: async ({ search, cursor, limit }, caller) => {
      const page = await listContacts(deps, caller, { search, cursor, limit });
      return { data: page.data.map(encode), nextCursor: opt(page.nextCursor) };
    },
    GetContact: async ({ waId }, caller) => encode(await getContact(deps, caller, waId)),
    UpdateContact: async ({ waId, clear, customFieldsJson, name, category, alias, notes }, caller) => {
      const update: ContactUpdate = {
        name,
        category,
        alias,
        notes,
        customFields: customFieldsJson === undefined ? undefined : customFieldsFromJson(customFieldsJson),
        ...clearedFields(clear, CONTACT_CLEARABLE),
      };
      return encode(await updateContact(deps, caller, waId, update));
    },
  }) satisfies Partial<InboxImpl>;
