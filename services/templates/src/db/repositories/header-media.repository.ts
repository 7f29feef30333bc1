import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { headerMedia, templates } from '../schema';

export type HeaderMediaRow = typeof headerMedia.$inferSelect;
export type NewHeaderMediaRow = typeof headerMedia.$inferInsert;

/** Header samples uploaded through the Resumable Upload API, and the file a template links to. */
export const headerMediaRepository = {
  insert: async (db: Db, row: NewHeaderMediaRow): Promise<HeaderMediaRow> =>
    (await db.insert(headerMedia).values(row).returning())[0],

  /**
   * The file a template serves publicly: its linked upload, of the same organization, while the
   * template is not REMOVED. Undefined in every other case alike.
   */
  servedByTemplate: async (db: Db, templateId: string): Promise<HeaderMediaRow | undefined> => {
    const rows = await db
      .select({ media: headerMedia })
      .from(templates)
      .innerJoin(
        headerMedia,
        and(eq(headerMedia.id, templates.headerMediaId), eq(headerMedia.orgId, templates.orgId)),
      )
      .where(and(eq(templates.id, templateId), ne(templates.status, 'REMOVED')));
    return rows[0]?.media;
  },
};
