import { and, desc, eq, inArray, isNotNull, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { TemplateStatus } from '@inbox/contracts';
import { queryRows, type Db } from '@inbox/platform';
import { syncLeases, syncOrganizations, templates, templateStatusHistory } from '../schema';
import type { TemplateRow } from './templates.repository';

/** Statuses a sync never changes into anything: local drafts, and templates already removed. */
const UNTOUCHABLE: TemplateStatus[] = ['DRAFT', 'REMOVED'];

/** What the sync and the account-level webhooks read and lock: templates by WhatsApp's id. */
export const syncRepository = {
  /** This organization's templates with these WhatsApp ids (REMOVED ones too). */
  byProviderIds: async (db: Db, orgId: number, providerIds: readonly string[]): Promise<TemplateRow[]> =>
    providerIds.length === 0
      ? []
      : db
          .select()
          .from(templates)
          .where(and(eq(templates.orgId, orgId), inArray(templates.providerTemplateId, [...providerIds]))),

  /** The same, held until the transaction ends (a webhook or a user may change them meanwhile). */
  lockByProviderIds: async (tx: Db, orgId: number, providerIds: readonly string[]): Promise<TemplateRow[]> =>
    providerIds.length === 0
      ? []
      : tx
          .select()
          .from(templates)
          .where(and(eq(templates.orgId, orgId), inArray(templates.providerTemplateId, [...providerIds])))
          .for('update'),

  /**
   * A live template of this name and language that WhatsApp's id was never stored on (its
   * creation's answer was lost), held until the transaction ends.
   */
  lockUnlinked: async (tx: Db, orgId: number, name: string, language: string): Promise<TemplateRow[]> =>
    tx
      .select()
      .from(templates)
      .where(
        and(
          eq(templates.orgId, orgId),
          eq(templates.name, name),
          eq(templates.language, language),
          isNull(templates.providerTemplateId),
          notInArray(templates.status, UNTOUCHABLE),
        ),
      )
      .for('update'),

  /**
   * Templates WhatsApp knew (an id) that a sync may find gone: not DRAFT, not REMOVED, and neither
   * created nor changed since `before` (a template created or submitted shortly before the listing
   * was read may not be in it yet).
   */
  goneCandidates: async (
    db: Db,
    orgId: number,
    before: Date,
  ): Promise<{ id: string; providerTemplateId: string }[]> => {
    const rows = await db
      .select({ id: templates.id, providerTemplateId: templates.providerTemplateId })
      .from(templates)
      .where(
        and(
          eq(templates.orgId, orgId),
          isNotNull(templates.providerTemplateId),
          notInArray(templates.status, UNTOUCHABLE),
          lt(templates.updatedAt, before),
          lt(templates.createdAt, before),
        ),
      );
    return rows.map((r) => ({ id: r.id, providerTemplateId: r.providerTemplateId ?? '' }));
  },

  /** Held rows by local id, re-checked in the transaction that changes them. */
  lockByIds: async (tx: Db, orgId: number, ids: readonly string[]): Promise<TemplateRow[]> =>
    ids.length === 0
      ? []
      : tx
          .select()
          .from(templates)
          .where(and(eq(templates.orgId, orgId), inArray(templates.id, [...ids])))
          .for('update'),

  /** The template's latest history entry (a webhook older than it is stale; a repeat of it is a redelivery). */
  lastStatusChange: async (
    db: Db,
    templateId: string,
  ): Promise<{ at: Date; event: string; reason: string | null; toStatus: string } | undefined> =>
    (
      await db
        .select({
          at: templateStatusHistory.at,
          event: templateStatusHistory.event,
          reason: templateStatusHistory.reason,
          toStatus: templateStatusHistory.toStatus,
        })
        .from(templateStatusHistory)
        .where(eq(templateStatusHistory.templateId, templateId))
        .orderBy(desc(templateStatusHistory.at), desc(templateStatusHistory.id))
        .limit(1)
    )[0],
};

/** Leases with an expiry: one holder at a time per name, in PGlite and PostgreSQL alike. */
export const leaseRepository = {
  /**
   * Takes the lease (or renews it, for the same holder) until `until`; false while another holder
   * has it and it has not expired. One statement, so two replicas racing get one answer each.
   */
  acquire: async (db: Db, name: string, holder: string, now: Date, until: Date): Promise<boolean> => {
    const rows = await queryRows<{ holder: string }>(
      db,
      sql`insert into ${syncLeases} as l (name, holder, expires_at)
          values (${name}, ${holder}, ${until.toISOString()}::timestamptz)
          on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
          where l.expires_at <= ${now.toISOString()}::timestamptz or l.holder = excluded.holder
          returning l.holder`,
    );
    return rows.length === 1;
  },

  /** Gives the lease back (only the holder can). */
  release: async (db: Db, name: string, holder: string): Promise<void> => {
    await db.delete(syncLeases).where(and(eq(syncLeases.name, name), eq(syncLeases.holder, holder)));
  },

  /** When the lease runs out, if anyone holds it. */
  expiry: async (db: Db, name: string): Promise<Date | null> =>
    (await db.select({ at: syncLeases.expiresAt }).from(syncLeases).where(eq(syncLeases.name, name)))[0]
      ?.at ?? null,
};

/** Each organization's last sync, manual or periodic: when it started and ended, and why it failed. */
export const syncOrganizationsRepository = {
  started: async (db: Db, orgId: number, at: Date): Promise<void> => {
    await db
      .insert(syncOrganizations)
      .values({ orgId, lastStartedAt: at })
      .onConflictDoUpdate({ target: syncOrganizations.orgId, set: { lastStartedAt: at } });
  },

  finished: async (db: Db, orgId: number, at: Date, error: string | null): Promise<void> => {
    await db
      .update(syncOrganizations)
      .set({ lastFinishedAt: at, lastError: error })
      .where(eq(syncOrganizations.orgId, orgId));
  },
};
