import { eq } from 'drizzle-orm';
import { CAMPAIGNS_EVENTS, campaignsEventSchemas, type HistoryEventView } from '@inbox/contracts';
import { historyEventView, type Db, type HistoryQuery } from '@inbox/platform';
import type { HistoryCampaignRow } from '../db/repositories/history.repository';
import { campaigns } from '../db/schema';
import { exportCampaignsHistory } from '../usecases/history/export-campaigns-history';
import { seedCampaign, type SeedRecipient, type SeededCampaign } from './export-seeds';

/* What the history export's tests share: times around one cutoff, seeding, following every page. */

export const at = (day: string) => new Date(`2026-03-${day}Z`);
export const CUTOFF = at('10T12:00:00.000');

/** A campaign written straight into the database, its lifecycle columns as given. */
export async function campaignWith(
  db: Db,
  orgId: number,
  fields: Partial<typeof campaigns.$inferInsert>,
  recipients: SeedRecipient[] | number,
): Promise<SeededCampaign> {
  const seeded = await seedCampaign(db, { orgId, recipients });
  await db.update(campaigns).set(fields).where(eq(campaigns.id, seeded.id));
  return seeded;
}

/** Every page of an export, followed to the end. */
export async function exportAll(db: Db, query: Omit<HistoryQuery, 'after'>) {
  const events: HistoryEventView[] = [];
  const pages: HistoryEventView[][] = [];
  let after = '';
  do {
    const page = await exportCampaignsHistory(db, { ...query, after });
    const views = page.events.map(historyEventView);
    pages.push(views);
    events.push(...views);
    after = page.next;
  } while (after);
  return { pages, events };
}

/** Each event's data as its live schema reads it (throws on any other shape). */
export const parsed = (events: HistoryEventView[]) =>
  events.map((e) => ({
    ...e,
    data: campaignsEventSchemas[e.type as keyof typeof campaignsEventSchemas].parse(e.data),
  }));

export const ofCampaign = (events: HistoryEventView[], id: string) =>
  events.filter((e) => e.data.campaignId === id);

/** A campaign's events, parsed, as [type without its service and version, time, data]. */
export const toldOf = (events: HistoryEventView[], id: string) =>
  parsed(ofCampaign(events, id)).map((e) => [e.type.split('.').slice(1, 3).join('.'), e.occurredAt, e.data]);

/** A campaign as the export reads it: started on the 1st, SENDING, until `fields` say otherwise. */
export const historyCampaignRow = (fields: Partial<HistoryCampaignRow> = {}): HistoryCampaignRow => ({
  id: '019a0000-0000-7000-8000-000000000001',
  orgId: 1,
  name: 'Primavera',
  templateId: '019a0000-0000-7000-8000-000000000002',
  templateName: 'spring_sale',
  templateLanguage: 'es_MX',
  templateCategory: 'MARKETING',
  kind: 'STANDARD',
  status: 'SENDING',
  pauseCode: null,
  pauseReason: null,
  scheduledAt: null,
  total: 10,
  currency: 'USD',
  estimatedCost: 0,
  createdBy: 'user-1',
  pausedBy: null,
  cancelledBy: null,
  createdAt: at('01T09:00:00.000'),
  startedAt: at('01T10:00:00.000'),
  completedAt: null,
  updatedAt: at('01T10:00:00.000'),
  ...fields,
});

/** The recipients' changes the events carry, in order. */
export const changesIn = (events: HistoryEventView[]) =>
  events.flatMap((e) =>
    e.type === CAMPAIGNS_EVENTS.recipientsStatusChanged
      ? (e.data as { changes: { recipientId: string; to: string }[] }).changes
      : [],
  );
