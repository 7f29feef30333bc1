import { asc, eq } from 'drizzle-orm';
import type { CampaignStatus } from '@inbox/contracts';
import { newId, type Db } from '@inbox/platform';
import { campaignRecipients, campaigns, type StoredRecipientStatus } from '../db/schema';
import type { CampaignsDeps } from '../deps';
import { createOutcomeWriter } from '../sending/outcome-writer';
import type { SendContext } from '../sending/send-slice';
import { createSendSlots } from '../sending/send-slots';

/** The components every built recipient sends: one body parameter, their name. */
const componentsFor = (name: string) => [{ type: 'body', parameters: [{ type: 'text', text: name }] }];

export interface BuiltCampaign {
  id: string;
  orgId: number;
  recipients: { id: string; seq: number; phone: string }[];
}

export interface CampaignBuild {
  orgId: number;
  phoneNumberId: string;
  /** E.164 numbers, in `seq` order. */
  phones: string[];
  status?: CampaignStatus;
  templateName?: string;
  /** Recipients stored with another status than PENDING, by seq. */
  recipientStatus?: Record<number, StoredRecipientStatus>;
}

/**
 * A campaign as create leaves it (QUEUED by default, recipients PENDING with frozen components),
 * written straight into the database: send tests start from here, without the templates service.
 */
export async function buildCampaign(db: Db, build: CampaignBuild): Promise<BuiltCampaign> {
  const id = newId();
  await db.insert(campaigns).values({
    id,
    orgId: build.orgId,
    name: `Campaign ${id.slice(-6)}`,
    templateId: newId(),
    templateName: build.templateName ?? 'spring_sale',
    templateLanguage: 'es_MX',
    templateCategory: 'MARKETING',
    templateComponents: [{ type: 'BODY', text: 'Hola {{1}}' }],
    kind: 'STANDARD',
    status: build.status ?? 'QUEUED',
    phoneNumberId: build.phoneNumberId,
    wabaId: 'waba',
    total: build.phones.length,
    currency: 'USD',
    estimatedCost: 0,
  });
  const recipients = build.phones.map((phone, seq) => ({ id: newId(), seq, phone }));
  if (recipients.length > 0)
    await db.insert(campaignRecipients).values(
      recipients.map((r) => ({
        ...r,
        orgId: build.orgId,
        campaignId: id,
        components: componentsFor(`Cliente ${r.seq}`),
        renderedText: `Hola Cliente ${r.seq}`,
        status: build.recipientStatus?.[r.seq] ?? 'PENDING',
        market: 'MX',
      })),
    );
  return { id, orgId: build.orgId, recipients };
}

export const recipientRows = (db: Db, campaignId: string) =>
  db
    .select()
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, campaignId))
    .orderBy(asc(campaignRecipients.seq));

export const campaignRow = async (db: Db, campaignId: string) =>
  (await db.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0];

export async function setRecipient(
  db: Db,
  recipientId: string,
  patch: Partial<typeof campaignRecipients.$inferInsert>,
): Promise<void> {
  await db.update(campaignRecipients).set(patch).where(eq(campaignRecipients.id, recipientId));
}

/** A worker process's shared parts for calling sendSlice directly: `slots` sends at once. */
export function sendContextFor(deps: CampaignsDeps, slots = 4): SendContext & { close(): Promise<void> } {
  const outcomes = createOutcomeWriter(deps, { maxDelayMs: 5 });
  return {
    deps,
    slots: createSendSlots(slots),
    outcomes,
    stopping: () => false,
    close: () => outcomes.close(),
  };
}

/** Makes the simulator refuse (or lose the answer of) the next sends to `to`. */
export async function simFailure(
  simUrl: string,
  failure: {
    to: string;
    code: number;
    mode: 'sync' | 'async' | 'drop' | 'hang';
    times?: number;
    title?: string;
    httpStatus?: number;
  },
): Promise<void> {
  const res = await fetch(`${simUrl}/_sim/failures`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(failure),
  });
  if (res.status !== 201) throw new Error(`simulator failure: ${res.status} ${await res.text()}`);
}
