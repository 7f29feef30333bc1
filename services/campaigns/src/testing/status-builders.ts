import { eq } from 'drizzle-orm';
import {
  campaignCallbackData,
  providerWhatsAppKey,
  type CampaignKind,
  type ProviderWhatsAppData,
} from '@inbox/contracts';
import { newId, REQUEST_ID_METADATA, type Db, type OutgoingEvent } from '@inbox/platform';
import { campaignRecipients, campaigns, surveyAnswers, type StoredQuestion } from '../db/schema';
import type { MessageReceived } from '../usecases/replies/record-reply';

/*
 * Builders for the tests of statuses, replies and surveys: campaigns already sent, written straight
 * into the database, and the webhooks and inbox events that then arrive.
 */

export type RecipientSeed = Partial<typeof campaignRecipients.$inferInsert>;

export interface SentCampaign {
  id: string;
  orgId: number;
  recipientIds: string[];
}

export const newWamid = () => `wamid.${newId()}`;
export const unixSeconds = (at: Date) => String(Math.floor(at.getTime() / 1000));
let nextPhone = 10_000_000;
/** A distinct Mexican mobile number (E.164) and its wa_id. */
export function newPhone(): { phone: string; waId: string } {
  const digits = `52155${nextPhone++}`;
  return { phone: `+${digits}`, waId: digits };
}

/**
 * A campaign sending from `phoneNumberId` whose recipients are as given (SENT a minute ago with a
 * wamid and wa_id unless said otherwise).
 */
export async function sentCampaign(
  db: Db,
  options: {
    orgId: number;
    phoneNumberId: string;
    kind?: CampaignKind;
    questions?: StoredQuestion[];
    templateCategory?: string;
    recipients: RecipientSeed[];
  },
): Promise<SentCampaign> {
  const id = newId();
  await db.insert(campaigns).values({
    id,
    orgId: options.orgId,
    name: `Sent ${id.slice(-6)}`,
    templateId: newId(),
    templateName: 'spring_sale',
    templateLanguage: 'es_MX',
    templateCategory: options.templateCategory ?? 'MARKETING',
    templateComponents: [{ type: 'BODY', text: 'Hola {{1}}' }],
    kind: options.kind ?? 'STANDARD',
    status: 'SENDING',
    questions: options.questions ?? null,
    phoneNumberId: options.phoneNumberId,
    wabaId: 'waba-test',
    total: options.recipients.length,
    currency: 'USD',
    estimatedCost: 0,
  });
  const sentAt = new Date(Date.now() - 60_000);
  const rows = options.recipients.map((seed, seq) => {
    const { phone, waId } = newPhone();
    return {
      id: newId(),
      orgId: options.orgId,
      campaignId: id,
      seq,
      phone,
      waId,
      components: [],
      renderedText: `Hola Cliente ${seq}`,
      market: 'MX',
      status: 'SENT' as const,
      providerMessageId: newWamid(),
      sentAt,
      surveyQuestion: options.kind === 'SURVEY' ? 0 : null,
      ...seed,
    };
  });
  if (rows.length > 0) await db.insert(campaignRecipients).values(rows);
  return { id, orgId: options.orgId, recipientIds: rows.map((r) => r.id) };
}

export const recipientRow = async (db: Db, id: string) =>
  (await db.select().from(campaignRecipients).where(eq(campaignRecipients.id, id)))[0];

/** One `statuses[]` item of a campaign send. */
export const campaignStatus = (
  recipient: { id: string; providerMessageId: string | null; waId: string | null },
  status: string,
  at: Date,
  extra: Record<string, unknown> = {},
) => ({
  id: recipient.providerMessageId ?? newWamid(),
  status,
  timestamp: unixSeconds(at),
  recipient_id: recipient.waId ?? '5215500000000',
  biz_opaque_callback_data: campaignCallbackData(recipient.id),
  ...extra,
});

export const regularPricing = (category = 'marketing') => ({
  billable: true,
  pricing_model: 'PMP',
  type: 'regular',
  category,
});

export const failure = (code: number, title = `Error ${code}`, details = `Details of ${code}`) => ({
  errors: [{ code, title, message: title, error_data: { details } }],
});

/** The `value` of a `messages` change of a phone number. */
export const messagesValue = (
  phoneNumberId: string,
  items: { statuses?: unknown[]; messages?: unknown[]; contacts?: unknown[] },
): Record<string, unknown> => ({
  messaging_product: 'whatsapp',
  metadata: { display_phone_number: '15550001111', phone_number_id: phoneNumberId },
  ...items,
});

/** A `provider.whatsapp.messages` event as the gateway publishes it (organization 0). */
export function providerMessagesEvent(
  wabaId: string,
  value: Record<string, unknown>,
  receivedAt = new Date(),
): OutgoingEvent {
  const data: ProviderWhatsAppData = {
    wabaId,
    field: 'messages',
    value,
    receivedAt: receivedAt.toISOString(),
  };
  const id = newId();
  return {
    envelope: {
      id,
      type: providerWhatsAppKey('messages'),
      orgId: 0,
      occurredAt: receivedAt.toISOString(),
      data,
    },
    headers: { [REQUEST_ID_METADATA]: `webhook-${id}` },
  };
}

/** What the inbox says of a customer's message (`inbox.message.received`). */
export const messageReceived = (over: Partial<MessageReceived> & { waId: string }): MessageReceived => ({
  conversationId: newId(),
  messageId: newId(),
  providerMessageId: newWamid(),
  type: 'text',
  text: 'Hola',
  contextProviderMessageId: null,
  replyId: null,
  receivedAt: new Date().toISOString(),
  sentAt: new Date().toISOString(),
  ...over,
});

/** A customer's message (`value.messages[]`), replying to `context` when given. */
export const inbound = (
  from: string,
  type: string,
  payload: Record<string, unknown>,
  context?: string,
): Record<string, unknown> => ({
  from,
  id: newWamid(),
  timestamp: unixSeconds(new Date()),
  type,
  [type]: payload,
  ...(context ? { context: { from: '15550001111', id: context } } : {}),
});

/** A tap on a template's quick-reply button. */
export const buttonTap = (from: string, text: string, context: string, payload = text) =>
  inbound(from, 'button', { payload, text }, context);

/** A tap on a reply button of an interactive message. */
export const replyTap = (from: string, id: string, title: string, context?: string) =>
  inbound(from, 'interactive', { type: 'button_reply', button_reply: { id, title } }, context);

export const textMessage = (from: string, body: string) => inbound(from, 'text', { body });

/** A survey answer written straight into the database. */
export async function seedSurveyAnswer(
  db: Db,
  campaign: SentCampaign,
  recipientId: string,
  answer: { questionIndex: number; answer: string; answeredAt: Date; source?: string },
): Promise<void> {
  await db.insert(surveyAnswers).values({
    id: newId(),
    orgId: campaign.orgId,
    campaignId: campaign.id,
    recipientId,
    source: 'button',
    providerMessageId: newWamid(),
    ...answer,
  });
}
