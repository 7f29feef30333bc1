import type { CurrentConversation } from '../../db/repositories/contacts.repository';
import type { ContactRow } from '../../db/repositories/conversation-views';

/** A contact as answers show it: the row, and its current conversation (category lives on conversations). */
export interface ContactView {
  contact: ContactRow;
  current: CurrentConversation | null;
}
