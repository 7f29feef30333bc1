import { and, desc, eq, gte, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import { decodeCursor, encodeCursor, invalid, queryRows, type Db } from '@inbox/platform';
import { conversations, messages } from '../schema';
import type { MessageRow } from './conversation-views';

export type { MessageRow };
export type NewMessage = typeof messages.$inferInsert;
export type MessagePatch = Partial<Omit<NewMessage, 'id' | 'orgId' | 'conversationId'>>;

/** What a transcript line is made of: who spoke, and the text or media that says something. */
export type TranscriptRow = Pick<
  MessageRow,
  'sender' | 'type' | 'text' | 'mediaCaption' | 'mediaFilename' | 'createdAt'
>;

interface CursorKey {
  /** created_at in ISO 8601 with microseconds, which a JS Date would drop. */
  at: string;
  id: string;
}

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const badCursor = () =>
  invalid('VALIDATION_FAILED', 'The cursor is not valid', [
    { path: 'cursor', message: 'Use nextCursor from a previous page' },
  ]);

export const encodeMessageCursor = (key: CursorKey): string => encodeCursor([key.at, key.id]);

export function decodeMessageCursor(cursor: string): CursorKey {
  const [at, id] = decodeCursor(cursor, 2);
  if (at !== null && id !== null && ISO_MICROS.test(at)) return { at, id };
  throw badCursor();
}

const byOrg = (orgId: number, id: string) => and(eq(messages.orgId, orgId), eq(messages.id, id));

export const messagesRepository = {
  find: async (db: Db, orgId: number, id: string): Promise<MessageRow | undefined> =>
    (await db.select().from(messages).where(byOrg(orgId, id)))[0],

  /** Row lock: concurrent state changes of one message (retry-media) run one after the other. */
  lock: async (tx: Db, orgId: number, id: string): Promise<MessageRow | undefined> =>
    (await tx.select().from(messages).where(byOrg(orgId, id)).for('update'))[0],

  /** For jobs that act for whichever organization owns the message; callers check the owner. */
  findAnyOrg: async (db: Db, id: string): Promise<MessageRow | undefined> =>
    (await db.select().from(messages).where(eq(messages.id, id)))[0],

  findByIdempotencyKey: async (db: Db, orgId: number, key: string): Promise<MessageRow | undefined> =>
    (
      await db
        .select()
        .from(messages)
        .where(and(eq(messages.orgId, orgId), eq(messages.idempotencyKey, key)))
    )[0],

  /** Newest first, keyset-paginated on (created_at, id). */
  async page(db: Db, orgId: number, conversationId: string, opts: { cursor?: string; limit: number }) {
    const after = opts.cursor ? decodeMessageCursor(opts.cursor) : undefined;
    const at = after ? sql`${after.at}::timestamptz` : undefined;
    const rows = await db
      .select({
        row: messages,
        key: sql<string>`to_char(${messages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(messages)
      .where(
        and(
          eq(messages.orgId, orgId),
          eq(messages.conversationId, conversationId),
          after && at
            ? or(lt(messages.createdAt, at), and(eq(messages.createdAt, at), lt(messages.id, after.id)))
            : undefined,
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(opts.limit + 1);
    const page = rows.slice(0, opts.limit);
    const last = page[page.length - 1];
    return {
      rows: page.map((r) => r.row),
      nextCursor:
        rows.length > opts.limit && last ? encodeMessageCursor({ at: last.key, id: last.row.id }) : null,
    };
  },

  /**
   * The latest `limit` messages a transcript may show, oldest first, from `since` on (null: since the
   * conversation began). Hidden messages, failed sends (the customer never saw them) and reactions
   * are left out here, so they do not take the places of lines that say something.
   */
  async transcript(
    db: Db,
    orgId: number,
    conversationId: string,
    since: Date | null,
    limit: number,
  ): Promise<TranscriptRow[]> {
    const rows = await db
      .select({
        sender: messages.sender,
        type: messages.type,
        text: messages.text,
        mediaCaption: messages.mediaCaption,
        mediaFilename: messages.mediaFilename,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(
        and(
          eq(messages.orgId, orgId),
          eq(messages.conversationId, conversationId),
          eq(messages.hidden, false),
          ne(messages.status, 'FAILED'),
          ne(messages.type, 'reaction'),
          since ? gte(messages.createdAt, since) : undefined,
        ),
      )
      // Newest first to take the latest ones, then turned around for reading.
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit);
    return rows.reverse();
  },

  /** The texts of the conversation's latest `limit` customer messages that have text, oldest first. */
  async latestCustomerTexts(db: Db, orgId: number, conversationId: string, limit: number): Promise<string[]> {
    const rows = await db
      .select({ text: messages.text })
      .from(messages)
      .where(
        and(
          eq(messages.orgId, orgId),
          eq(messages.conversationId, conversationId),
          eq(messages.sender, 'customer'),
          isNotNull(messages.text),
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit);
    // Not null: filtered in the query.
    return rows.map((r) => r.text as string).reverse();
  },

  insert: async (db: Db, row: NewMessage): Promise<MessageRow> =>
    (await db.insert(messages).values(row).returning())[0],

  /** The stored row, or undefined when a message with its platform id (or id, or key) is already stored. */
  insertUnlessStored: async (db: Db, row: NewMessage): Promise<MessageRow | undefined> =>
    (await db.insert(messages).values(row).onConflictDoNothing().returning())[0],

  update: async (db: Db, orgId: number, id: string, patch: MessagePatch): Promise<MessageRow | undefined> =>
    (await db.update(messages).set(patch).where(byOrg(orgId, id)).returning())[0],

  /** Flipped in SQL, so two agents toggling at once cannot both set the same value. */
  toggleHidden: async (db: Db, orgId: number, id: string, at: Date): Promise<MessageRow | undefined> =>
    (
      await db
        .update(messages)
        .set({ hidden: sql`not ${messages.hidden}`, updatedAt: at })
        .where(byOrg(orgId, id))
        .returning()
    )[0],

  /**
   * Fails PENDING sends created before `cutoff` with the given error, up to `limit` per call, and
   * answers them with their conversation's number. Idempotent across replicas: locked rows are
   * skipped, and a row another replica failed is no longer PENDING.
   */
  failStalePending: async (
    tx: Db,
    cutoff: Date,
    error: { code: number; title: string },
    limit: number,
  ): Promise<Array<{ id: string; orgId: number; conversationId: string; waId: string }>> => {
    const rows = await queryRows<{ id: string; org_id: number; conversation_id: string; wa_id: string }>(
      tx,
      sql`update ${messages} m
        set status = 'FAILED', error_code = ${error.code}, error_title = ${error.title}, updated_at = now()
        from ${conversations} c
        where m.id in (
          select id from ${messages}
          where status = 'PENDING' and direction = 'outbound' and created_at < ${cutoff.toISOString()}
          order by created_at
          limit ${limit}
          for update skip locked
        )
        and c.id = m.conversation_id
        returning m.id, m.org_id, m.conversation_id, c.wa_id`,
    );
    return rows.map((r) => ({ id: r.id, orgId: r.org_id, conversationId: r.conversation_id, waId: r.wa_id }));
  },

  /** Media outcomes never overwrite READY: a redelivered job finds the work done and records nothing. */
  updateMediaUnlessReady: async (
    db: Db,
    orgId: number,
    id: string,
    patch: MessagePatch,
  ): Promise<MessageRow | undefined> =>
    (
      await db
        .update(messages)
        .set(patch)
        .where(
          and(byOrg(orgId, id), or(ne(messages.mediaStatus, 'READY'), sql`${messages.mediaStatus} is null`)),
        )
        .returning()
    )[0],
};
