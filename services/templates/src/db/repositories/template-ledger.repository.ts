import { and, count, desc, eq, gte, inArray, min } from 'drizzle-orm';
import { newId, type Db } from '@inbox/platform';
import { creationBudgets, templateCreations, templateEdits, templateStatusHistory } from '../schema';

export type StatusHistoryRow = typeof templateStatusHistory.$inferSelect;

/** Who changed a template's status. */
export type ChangedBy = 'user' | 'api_key' | 'whatsapp' | 'sync';

export interface StatusChangeRecord {
  orgId: number;
  templateId: string;
  from: string | null;
  to: string;
  event: string;
  reason: string | null;
  by: ChangedBy;
  actorId: string | null;
  at: Date;
  /** WhatsApp's time of it: a webhook's event time, or when this service asked WhatsApp. */
  providerEventAt?: Date | null;
}

/** The history of status changes, the edit ledger and the creation count: what a template's past allows. */
export const templateLedgerRepository = {
  addStatusChange: async (tx: Db, change: StatusChangeRecord): Promise<void> => {
    await tx.insert(templateStatusHistory).values({
      id: newId(),
      orgId: change.orgId,
      templateId: change.templateId,
      fromStatus: change.from,
      toStatus: change.to,
      event: change.event,
      reason: change.reason,
      changedBy: change.by,
      actorId: change.actorId,
      at: change.at,
      providerEventAt: change.providerEventAt ?? null,
    });
  },

  /** Newest first (ids are time-ordered: two changes in one millisecond keep their order). */
  history: (db: Db, orgId: number, templateId: string): Promise<StatusHistoryRow[]> =>
    db
      .select()
      .from(templateStatusHistory)
      .where(and(eq(templateStatusHistory.orgId, orgId), eq(templateStatusHistory.templateId, templateId)))
      .orderBy(desc(templateStatusHistory.at), desc(templateStatusHistory.id)),

  /** Whether the template's history has this event (DELETED: already deleted in WhatsApp from here). */
  hasEvent: async (db: Db, orgId: number, templateId: string, event: string): Promise<boolean> =>
    (
      await db
        .select({ id: templateStatusHistory.id })
        .from(templateStatusHistory)
        .where(
          and(
            eq(templateStatusHistory.orgId, orgId),
            eq(templateStatusHistory.templateId, templateId),
            eq(templateStatusHistory.event, event),
          ),
        )
        .limit(1)
    ).length > 0,

  addEdit: async (
    tx: Db,
    edit: { orgId: number; templateId: string; fromStatus: string; actorId: string | null; at: Date },
  ): Promise<void> => {
    await tx.insert(templateEdits).values({
      id: newId(),
      orgId: edit.orgId,
      templateId: edit.templateId,
      fromStatus: edit.fromStatus,
      actorId: edit.actorId,
      editedAt: edit.at,
    });
  },

  /** When the template was edited while APPROVED, since `since` (the edit budget counts only those). */
  approvedEditsSince: async (db: Db, templateId: string, since: Date): Promise<Date[]> => {
    const rows = await db
      .select({ at: templateEdits.editedAt })
      .from(templateEdits)
      .where(
        and(
          eq(templateEdits.templateId, templateId),
          eq(templateEdits.fromStatus, 'APPROVED'),
          gte(templateEdits.editedAt, since),
        ),
      )
      .orderBy(desc(templateEdits.editedAt));
    return rows.map((r) => r.at);
  },

  /** The same for several templates at once (a page of a list), by template id. */
  approvedEditsSinceFor: async (db: Db, templateIds: string[], since: Date): Promise<Map<string, Date[]>> => {
    const edits = new Map<string, Date[]>();
    if (templateIds.length === 0) return edits;
    const rows = await db
      .select({ templateId: templateEdits.templateId, at: templateEdits.editedAt })
      .from(templateEdits)
      .where(
        and(
          inArray(templateEdits.templateId, templateIds),
          eq(templateEdits.fromStatus, 'APPROVED'),
          gte(templateEdits.editedAt, since),
        ),
      )
      .orderBy(desc(templateEdits.editedAt));
    for (const row of rows) edits.set(row.templateId, [...(edits.get(row.templateId) ?? []), row.at]);
    return edits;
  },

  /**
   * Holds the WABA's creation budget until the transaction ends: creations of one WABA count their
   * hour and record themselves one after the other.
   */
  lockCreationBudget: async (tx: Db, wabaId: string): Promise<void> => {
    await tx.insert(creationBudgets).values({ wabaId }).onConflictDoNothing();
    await tx.select().from(creationBudgets).where(eq(creationBudgets.wabaId, wabaId)).for('update');
  },

  addCreation: async (
    tx: Db,
    creation: { id?: string; orgId: number; wabaId: string; templateId: string; at: Date },
  ): Promise<void> => {
    const { at, ...rest } = creation;
    await tx.insert(templateCreations).values({ id: newId(), ...rest, createdAt: at });
  },

  /** Takes a creation back (WhatsApp certainly did not create the template). */
  removeCreation: async (db: Db, id: string): Promise<void> => {
    await db.delete(templateCreations).where(eq(templateCreations.id, id));
  },

  /** Templates created in WhatsApp from here for this WABA since `since`, and the oldest of them. */
  creationsSince: async (
    db: Db,
    wabaId: string,
    since: Date,
  ): Promise<{ count: number; oldest: Date | null }> => {
    const [row] = await db
      .select({ count: count(), oldest: min(templateCreations.createdAt) })
      .from(templateCreations)
      .where(and(eq(templateCreations.wabaId, wabaId), gte(templateCreations.createdAt, since)));
    return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
  },
};
