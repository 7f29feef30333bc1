import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  isNotNull,
  isNull,
  lt,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import { queryRows, type Db } from '@inbox/platform';
import { SORT_KEYS, type ConversationCursor, type ConversationSort } from '../../domain/conversation-cursor';
import { expiringWithinRange, WINDOW_MS } from '../../domain/reply-window';
import type { ConversationFilter, SubFilter } from '../../usecases/conversation-queries/conversation-filter';
import { contacts, conversations, conversationTags, messages } from '../schema';
import type { ConversationRow } from './conversation-views';

const SORT_COLUMNS = {
  lastMessageAt: conversations.lastMessageAt,
  lastCustomerMessageAt: conversations.lastCustomerMessageAt,
  createdAt: conversations.createdAt,
};

/** Token for token the expression of the contacts_search_trgm index: anything else is a sequential scan. */
const contactSearchText = sql`(coalesce(${contacts.name}, '') || ' ' || coalesce(${contacts.profileName}, '') || ' ' || coalesce(${contacts.alias}, '') || ' ' || ${contacts.waId})`;

/** `50%_off` must match those characters, not "anything": LIKE's wildcards (and its escape) are escaped. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/*
 * Correlated EXISTS, both halves. Alone, PostgreSQL turns one into a semi-join; under the OR of
 * searchInMessages it plans each as an alternative: a hashed set built once from the trigram
 * index (a rare word) or a per-conversation probe through the primary key or
 * messages_conversation_created (a common word, where the first page fills after a few dozen
 * conversations). An uncorrelated IN list has no such fallback: a set larger than work_mem
 * becomes a linear scan per row (34 s for a common word over 1M messages).
 */
function searchCondition(orgId: number, term: string, inMessages: boolean): SQL {
  const pattern = containsPattern(term);
  const byContact = sql`exists (select 1 from ${contacts} where ${contacts.orgId} = ${orgId} and ${contacts.waId} = ${conversations.waId} and ${contactSearchText} ilike ${pattern})`;
  if (!inMessages) return byContact;
  const byMessage = sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${conversations.id} and ${messages.orgId} = ${orgId} and ${messages.text} ilike ${pattern})`;
  return sql`(${byContact} or ${byMessage})`;
}

const hasTag = (orgId: number, tagId: string) =>
  sql`exists (select 1 from ${conversationTags} where ${conversationTags.conversationId} = ${conversations.id} and ${conversationTags.orgId} = ${orgId} and ${conversationTags.tagId} = ${tagId})`;

/** Everything a filter asks for except the sub-filter, which counts break down by. */
function filterConditions(orgId: number, f: ConversationFilter, now: Date): SQL[] {
  const c = conversations;
  const where: Array<SQL | undefined> = [eq(c.orgId, orgId)];
  if (f.status) where.push(eq(c.status, f.status));
  if (f.assignedTo === null) where.push(isNull(c.assignedTo));
  else if (f.assignedTo !== undefined) where.push(eq(c.assignedTo, f.assignedTo));
  if (f.teamId !== undefined) where.push(eq(c.teamId, f.teamId));
  if (f.category !== undefined) where.push(eq(c.category, f.category));
  if (f.origin !== undefined) where.push(eq(c.origin, f.origin));
  if (f.followUp) where.push(eq(c.followUp, true));
  if (f.windowExpiresWithin !== undefined) {
    const range = expiringWithinRange(f.windowExpiresWithin, now);
    where.push(gt(c.lastCustomerMessageAt, range.lastCustomerAfter));
    where.push(lte(c.lastCustomerMessageAt, range.lastCustomerAtOrBefore));
  }
  for (const tagId of f.tagIds) where.push(hasTag(orgId, tagId));
  if (f.search) where.push(searchCondition(orgId, f.search, f.searchInMessages));
  return where.filter((w): w is SQL => w !== undefined);
}

function subFilterCondition(subFilter: SubFilter, now: Date): SQL {
  const needsAction = eq(conversations.lastMessageDirection, 'inbound');
  if (subFilter === 'unread') return gt(conversations.unreadCount, 0);
  if (subFilter === 'needs_action') return needsAction;
  return and(needsAction, gt(conversations.lastCustomerMessageAt, new Date(now.getTime() - WINDOW_MS)))!;
}

export interface PageQuery {
  filter: ConversationFilter;
  sort: ConversationSort;
  cursor: ConversationCursor | null;
  limit: number;
  now: Date;
}

type KeyedRow = ConversationRow & { sortKey: string | null };

/**
 * Keyset pagination on (sort key, id). Rows with a key and rows without one are read apart, each
 * in an order the (org_id, key, id) indexes serve directly; the second read runs only when the
 * first did not fill the page.
 */
async function readPage(db: Db, orgId: number, q: PageQuery): Promise<KeyedRow[]> {
  const key = SORT_KEYS[q.sort];
  const column = SORT_COLUMNS[key.field];
  const order = key.descending ? desc : asc;
  const where = filterConditions(orgId, q.filter, q.now);
  if (q.filter.subFilter) where.push(subFilterCondition(q.filter.subFilter, q.now));
  const want = q.limit + 1;
  const select = () =>
    db
      .select({
        ...getTableColumns(conversations),
        sortKey: sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(conversations);
  const rows: KeyedRow[] = [];
  const cursor = q.cursor;
  if (!cursor || cursor.key !== null) {
    const after = cursor
      ? sql`(${column}, ${conversations.id}) ${key.descending ? sql`<` : sql`>`} (${cursor.key}::timestamptz, ${cursor.id})`
      : undefined;
    const keyed = key.nullable ? isNotNull(column) : undefined;
    rows.push(
      ...(await select()
        .where(and(...where, keyed, after))
        .orderBy(order(column), order(conversations.id))
        .limit(want)),
    );
  }
  if (key.nullable && rows.length < want) {
    const after = cursor?.key === null ? (key.descending ? lt : gt)(conversations.id, cursor.id) : undefined;
    rows.push(
      ...(await select()
        .where(and(...where, isNull(column), after))
        .orderBy(order(conversations.id))
        .limit(want - rows.length)),
    );
  }
  return rows;
}

export interface ConversationCounts {
  all: number;
  unread: number;
  needsAction: number;
  needsActionWindowOpen: number;
}

/** Alphabetical for people: case and accents aside, numbers by value; exact ties by code point. */
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export interface CategoryCount {
  category: string;
  count: number;
}

export const conversationQueriesRepository = {
  /** A page of rows and where the next page starts (null on the last page). */
  page: async (db: Db, orgId: number, q: PageQuery) => {
    const rows = await readPage(db, orgId, q);
    const page = rows.slice(0, q.limit).map(({ sortKey: _key, ...row }) => row as ConversationRow);
    const last = rows.length > q.limit ? rows[q.limit - 1] : undefined;
    const next: ConversationCursor | null = last ? { sort: q.sort, key: last.sortKey, id: last.id } : null;
    return { rows: page, next };
  },

  /** All four sub-filter counts in one pass over the filtered conversations. */
  counts: async (
    db: Db,
    orgId: number,
    filter: ConversationFilter,
    now: Date,
  ): Promise<ConversationCounts> => {
    const count = (subFilter?: SubFilter) =>
      (subFilter
        ? sql`count(*) filter (where ${subFilterCondition(subFilter, now)})`
        : sql`count(*)`
      ).mapWith(Number);
    const [row] = await db
      .select({
        all: count(),
        unread: count('unread'),
        needsAction: count('needs_action'),
        needsActionWindowOpen: count('needs_action_window_open'),
      })
      .from(conversations)
      .where(and(...filterConditions(orgId, filter, now)));
    return row;
  },

  /** Sorted here, not in SQL: the same order in PGlite and in PostgreSQL, whatever the database collation. */
  categoryCounts: async (db: Db, orgId: number): Promise<CategoryCount[]> =>
    (
      await db
        .select({ category: sql<string>`${conversations.category}`, count: sql`count(*)`.mapWith(Number) })
        .from(conversations)
        .where(and(eq(conversations.orgId, orgId), isNotNull(conversations.category)))
        .groupBy(conversations.category)
    ).sort((a, b) => byName.compare(a.category, b.category) || (a.category < b.category ? -1 : 1)),

  /**
   * Sets `target` on every conversation whose category is one of `sources`, answering each changed
   * conversation with its previous category (the FROM side still sees the row before the update).
   */
  recategorize: (db: Db, orgId: number, sources: string[], target: string, now: Date) =>
    queryRows<{ id: string; wa_id: string; previous: string }>(
      db,
      sql`update ${conversations} set category = ${target}, updated_at = ${now.toISOString()}::timestamptz
          from ${conversations} as old
          where old.id = ${conversations.id} and ${conversations.orgId} = ${orgId}
            and ${conversations.category} in (${sql.join(
              sources.map((s) => sql`${s}`),
              sql`, `,
            )})
          returning ${conversations.id} as id, ${conversations.waId} as wa_id, old.category as previous`,
    ),
};
