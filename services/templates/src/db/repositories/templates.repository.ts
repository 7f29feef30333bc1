import { and, asc, eq, gt, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TemplateStatus } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import { headerMedia, templates } from '../schema';

export type TemplateRow = typeof templates.$inferSelect;
export type NewTemplateRow = typeof templates.$inferInsert;
export type TemplatePatch = Partial<Omit<NewTemplateRow, 'id' | 'orgId' | 'createdAt'>>;

/** The list filters of `GET /templates` (and of a bulk selection in mode `all`). */
export interface TemplateListFilter {
  statuses: readonly TemplateStatus[];
  category?: string;
  folder?: string;
  language?: string;
  /** A part of the name (case-insensitive; `%` and `_` are literal). */
  search?: string;
}

/** Where a page starts: after this (name, language, id). */
export interface TemplatePosition {
  name: string;
  language: string;
  id: string;
}

const byId = (orgId: number, id: string) => and(eq(templates.orgId, orgId), eq(templates.id, id));

/** `%` and `_` typed by a user are literal characters, not wildcards (template names are full of `_`). */
const containing = (search: string) => `%${search.replace(/[\\%_]/g, '\\$&')}%`;

function filtered(orgId: number, filter: TemplateListFilter): SQL | undefined {
  const term = filter.search?.trim();
  return and(
    eq(templates.orgId, orgId),
    inArray(templates.status, [...filter.statuses]),
    filter.category ? eq(templates.category, filter.category) : undefined,
    filter.folder ? eq(templates.folder, filter.folder) : undefined,
    filter.language ? eq(templates.language, filter.language) : undefined,
    term ? ilike(templates.name, containing(term)) : undefined,
  );
}

// Name, then language, then id: every row has its own place, REMOVED duplicates of a name too.
const listOrder = [asc(templates.name), asc(templates.language), asc(templates.id)];

const after = (p: TemplatePosition) =>
  or(
    gt(templates.name, p.name),
    and(eq(templates.name, p.name), gt(templates.language, p.language)),
    and(eq(templates.name, p.name), eq(templates.language, p.language), gt(templates.id, p.id)),
  );

export const templatesRepository = {
  find: async (db: Db, orgId: number, id: string): Promise<TemplateRow | undefined> =>
    (await db.select().from(templates).where(byId(orgId, id)))[0],

  /** Holds the row until the transaction ends: two changes of one template run one after the other. */
  lock: async (tx: Db, orgId: number, id: string): Promise<TemplateRow | undefined> =>
    (await tx.select().from(templates).where(byId(orgId, id)).for('update'))[0],

  /** A live (not REMOVED) template of this name and language, other than `exceptId`. */
  findLive: async (
    db: Db,
    orgId: number,
    name: string,
    language: string,
    exceptId?: string,
  ): Promise<TemplateRow | undefined> =>
    (
      await db
        .select()
        .from(templates)
        .where(
          and(
            eq(templates.orgId, orgId),
            eq(templates.name, name),
            eq(templates.language, language),
            ne(templates.status, 'REMOVED'),
            exceptId ? ne(templates.id, exceptId) : undefined,
          ),
        )
    )[0],

  /** The live (not REMOVED) templates of a name, in every language (a send without a language picks one). */
  liveOfName: (db: Db, orgId: number, name: string): Promise<TemplateRow[]> =>
    db
      .select()
      .from(templates)
      .where(and(eq(templates.orgId, orgId), eq(templates.name, name), ne(templates.status, 'REMOVED')))
      .orderBy(asc(templates.language)),

  /** Names of live templates that start with `prefix`, in any language (to find a free copy name). */
  liveNamesStartingWith: async (db: Db, orgId: number, prefix: string): Promise<Set<string>> => {
    const rows = await db
      .selectDistinct({ name: templates.name })
      .from(templates)
      .where(
        and(
          eq(templates.orgId, orgId),
          ne(templates.status, 'REMOVED'),
          sql`starts_with(${templates.name}, ${prefix})`,
        ),
      );
    return new Set(rows.map((r) => r.name));
  },

  page: (
    db: Db,
    orgId: number,
    filter: TemplateListFilter,
    from: TemplatePosition | null,
    limit: number,
  ): Promise<TemplateRow[]> =>
    db
      .select()
      .from(templates)
      .where(and(filtered(orgId, filter), from ? after(from) : undefined))
      .orderBy(...listOrder)
      .limit(limit),

  /** At most `limit` ids matching the filters (a bulk selection asks for one more than it may take). */
  listIds: async (db: Db, orgId: number, filter: TemplateListFilter, limit: number): Promise<string[]> => {
    const rows = await db
      .select({ id: templates.id })
      .from(templates)
      .where(filtered(orgId, filter))
      .orderBy(...listOrder)
      .limit(limit);
    return rows.map((r) => r.id);
  },

  /**
   * Claims the template until `until` for a call to WhatsApp, unless a claim that has not expired
   * by `now` holds it. One conditional statement: of two claimants, the second sees the first's
   * claim (PostgreSQL re-reads the row it waited for). False: no such template, or claimed.
   */
  claimProviderCall: async (db: Db, orgId: number, id: string, now: Date, until: Date): Promise<boolean> =>
    (
      await db
        .update(templates)
        .set({ editingUntil: until })
        .where(and(byId(orgId, id), or(isNull(templates.editingUntil), lte(templates.editingUntil, now))))
        .returning({ id: templates.id })
    ).length > 0,

  /** Gives the claim back, unless it expired and another call claimed the template since. */
  releaseProviderCall: async (db: Db, orgId: number, id: string, until: Date): Promise<void> => {
    await db
      .update(templates)
      .set({ editingUntil: null })
      .where(and(byId(orgId, id), eq(templates.editingUntil, until)));
  },

  insert: async (tx: Db, row: NewTemplateRow): Promise<TemplateRow> =>
    (await tx.insert(templates).values(row).returning())[0],

  update: async (tx: Db, orgId: number, id: string, patch: TemplatePatch): Promise<TemplateRow> =>
    (await tx.update(templates).set(patch).where(byId(orgId, id)).returning())[0],

  /** The header sample this organization uploaded under `handle`, if any. */
  headerMediaId: async (db: Db, orgId: number, handle: string): Promise<string | null> =>
    (
      await db
        .select({ id: headerMedia.id })
        .from(headerMedia)
        .where(and(eq(headerMedia.orgId, orgId), eq(headerMedia.handle, handle)))
    )[0]?.id ?? null,
};
