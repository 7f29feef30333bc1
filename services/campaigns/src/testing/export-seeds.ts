import { sql } from 'drizzle-orm';
import { newId, type Db } from '@inbox/platform';
import {
  campaignRecipients,
  campaigns,
  surveyAnswers,
  type StoredQuestion,
  type StoredRecipientStatus,
} from '../db/schema';

/*
 * Campaigns written straight into the database for the export tests: as many recipients as a test
 * needs (100,000 in one), in any status, without sending anything.
 */

export type SeedRecipient = Partial<typeof campaignRecipients.$inferInsert> & {
  status?: StoredRecipientStatus;
};

export interface SeededCampaign {
  id: string;
  orgId: number;
  recipientIds: string[];
}

const BATCH = 1000;

const SPRING_SALE = 'Promoción de primavera: 20% en toda la tienda';
/** The long third parameter of the bulk-made recipients: ~500 bytes a row, 50 MB for 100,000 of them. */
const TERMS = `Términos y condiciones: ${'válido hasta agotar existencias; '.repeat(9)}`;

/** The recipient at position `seq`: a distinct Mexican mobile number, PENDING, with two parameters. */
export const seedRecipient = (seq: number) => ({
  phone: `+52155${String(10_000_000 + seq).padStart(8, '0')}`,
  parameters: { body: [`Cliente ${seq}`, SPRING_SALE] },
});

export async function seedCampaign(
  db: Db,
  options: {
    orgId: number;
    kind?: 'STANDARD' | 'SURVEY';
    questions?: StoredQuestion[];
    recipients: number | SeedRecipient[];
  },
): Promise<SeededCampaign> {
  const id = newId();
  const list = typeof options.recipients === 'number' ? [] : options.recipients;
  const total = typeof options.recipients === 'number' ? options.recipients : list.length;
  await db.insert(campaigns).values({
    id,
    orgId: options.orgId,
    name: `Export test ${id}`,
    templateId: newId(),
    templateName: 'spring_sale',
    templateLanguage: 'es_MX',
    templateCategory: 'MARKETING',
    templateComponents: [],
    kind: options.kind ?? 'STANDARD',
    status: 'SENDING',
    questions: options.questions ?? null,
    phoneNumberId: '106540352242922',
    wabaId: '102290129340398',
    total,
    currency: 'USD',
    estimatedCost: 0,
  });
  const recipientIds: string[] = [];
  if (typeof options.recipients === 'number') {
    await insertMany(db, options.orgId, id, options.recipients);
    return { id, orgId: options.orgId, recipientIds };
  }
  for (let start = 0; start < list.length; start += BATCH) {
    const rows = list.slice(start, start + BATCH).map((r, i) => {
      const seq = start + i;
      const row = {
        id: newId(),
        orgId: options.orgId,
        campaignId: id,
        seq,
        components: [],
        renderedText: 'Hola',
        market: 'MX',
        status: 'PENDING' as StoredRecipientStatus,
        ...seedRecipient(seq),
        ...r,
        phone: r.phone ?? seedRecipient(seq).phone,
      };
      recipientIds.push(row.id);
      return row;
    });
    await db.insert(campaignRecipients).values(rows);
  }
  return { id, orgId: options.orgId, recipientIds };
}

/**
 * `count` recipients made by the database itself in one statement (100,000 rows inserted from the
 * test take minutes on PGlite), as seedRecipient makes them plus a long third parameter, so that
 * an export of them is far larger than any socket buffer.
 */
async function insertMany(db: Db, orgId: number, campaignId: string, count: number): Promise<void> {
  await db.execute(sql`
    insert into campaigns.campaign_recipients
      (id, org_id, campaign_id, seq, phone, parameters, components, rendered_text, status, market)
    select ${campaignId}::text || '-' || s, ${orgId}::int, ${campaignId}::text, s,
           '+52155' || lpad((10000000 + s)::text, 8, '0'),
           jsonb_build_object('body', jsonb_build_array('Cliente ' || s, ${SPRING_SALE}::text, ${TERMS}::text)),
           '[]'::jsonb, 'Hola', 'PENDING', 'MX'
    from generate_series(0, ${count - 1}::int) as s`);
}

/** A survey answer of a seeded recipient. */
export async function seedAnswer(
  db: Db,
  campaign: SeededCampaign,
  recipientId: string,
  answer: { questionIndex: number; answer: string; answeredAt: Date },
): Promise<void> {
  await db.insert(surveyAnswers).values({
    id: newId(),
    orgId: campaign.orgId,
    campaignId: campaign.id,
    recipientId,
    source: 'text',
    providerMessageId: `wamid.${newId()}`,
    ...answer,
  });
}
