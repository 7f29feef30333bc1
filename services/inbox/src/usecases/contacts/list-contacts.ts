import { PAGE_SIZE, SEARCH_MAX_LENGTH } from '@inbox/contracts';
import { decodeCursor, encodeCursor, invalid } from '@inbox/platform';
import { contactsRepository, type ContactCursor } from '../../db/repositories/contacts.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireOrganization } from '../access';
import type { ContactView } from './contact-view';

export interface ContactQuery {
  search?: string;
  cursor?: string;
  limit?: number;
}

const encodeContactCursor = (c: ContactCursor) => encodeCursor([c.updatedAtUs, c.waId]);

function decodeContactCursor(cursor: string): ContactCursor {
  const [updatedAtUs, waId] = decodeCursor(cursor, 2);
  if (updatedAtUs !== null && /^\d{1,20}$/.test(updatedAtUs) && waId !== null) return { updatedAtUs, waId };
  throw invalid('VALIDATION_FAILED', 'The cursor is not one this API returned', [
    { path: 'cursor', message: 'Invalid cursor' },
  ]);
}

/** Most recently updated first; `search` matches the name, WhatsApp profile name, alias or number. */
export async function listContacts(
  deps: InboxDeps,
  caller: CallerContext,
  query: ContactQuery,
): Promise<{ data: ContactView[]; nextCursor: string | null }> {
  requireOrganization(caller);
  const limit = query.limit || PAGE_SIZE.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_SIZE.max)
    throw invalid('VALIDATION_FAILED', 'limit is out of range', [
      { path: 'limit', message: `Between 1 and ${PAGE_SIZE.max}` },
    ]);
  const search = query.search?.trim();
  if (search && search.length > SEARCH_MAX_LENGTH)
    throw invalid('VALIDATION_FAILED', 'search is too long', [
      { path: 'search', message: `At most ${SEARCH_MAX_LENGTH} characters` },
    ]);
  const after = query.cursor ? decodeContactCursor(query.cursor) : undefined;
  const rows = await contactsRepository.page(deps.db, caller.orgId, {
    search: search || undefined,
    after,
    limit,
  });
  const page = rows.slice(0, limit);
  const current = await contactsRepository.currentConversations(
    deps.db,
    caller.orgId,
    page.map((r) => r.waId),
  );
  return {
    data: page.map(({ cursor: _cursor, ...contact }) => ({
      contact,
      current: current.get(contact.waId) ?? null,
    })),
    nextCursor: rows.length > limit ? encodeContactCursor(page[page.length - 1].cursor) : null,
  };
}
