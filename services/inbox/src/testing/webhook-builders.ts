import { and, eq } from 'drizzle-orm';
import { newId } from '@inbox/platform';
import { conversations, messages } from '../db/schema';
import type { InboxTestbed } from './testbed';
import { ensureChannel } from '../usecases/settings/ensure-channel';

/** Test-data builders for webhook ingestion: platform payloads as the gateway forwards them. */

export const newWamid = () => `wamid.${newId()}`;
export const unixSeconds = (at: Date) => String(Math.floor(at.getTime() / 1000));

let nextOrgId = 1000;

/** A fresh organization with a WhatsApp channel (each test its own, so tests never share rows). */
export async function orgWithChannel(testbed: InboxTestbed, options: { botEnabled?: boolean } = {}) {
  const orgId = ++nextOrgId;
  const phoneNumberId = `pn-${orgId}-${newId()}`;
  await ensureChannel(testbed.deps, orgId, {
    phoneNumberId,
    wabaId: `waba-${orgId}`,
    accessToken: 'test-token',
    apiBaseUrl: 'http://127.0.0.1:9',
    apiVersion: 'v23.0',
    botEnabled: options.botEnabled ?? false,
  });
  return { orgId, phoneNumberId };
}

/** One `value.messages[]` item: `type` with its payload, plus any common field overrides. */
export const inbound = (
  from: string,
  type: string,
  payload: unknown,
  extra: Record<string, unknown> = {},
) => ({
  from,
  id: newWamid(),
  timestamp: unixSeconds(new Date()),
  type,
  ...(payload === undefined ? {} : { [type]: payload }),
  ...extra,
});

export const text = (from: string, body: string, extra: Record<string, unknown> = {}) =>
  inbound(from, 'text', { body }, extra);

export const statusReport = (id: string, status: string, at: Date, extra: Record<string, unknown> = {}) => ({
  id,
  status,
  timestamp: unixSeconds(at),
  recipient_id: '16505551234',
  ...extra,
});

/** The `value` of a `messages` change for a phone number id. */
export function messagesValue(
  phoneNumberId: string,
  items: {
    messages?: unknown[];
    statuses?: unknown[];
    errors?: unknown[];
    profiles?: Record<string, string>;
  },
): Record<string, unknown> {
  const value: Record<string, unknown> = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
  };
  if (items.profiles) {
    value.contacts = Object.entries(items.profiles).map(([waId, name]) => ({
      profile: { name },
      wa_id: waId,
    }));
  }
  if (items.messages) value.messages = items.messages;
  if (items.statuses) value.statuses = items.statuses;
  if (items.errors) value.errors = items.errors;
  return value;
}

/** An outbound message the send path stored, with the platform id it got back. */
export async function storeOutbound(
  testbed: InboxTestbed,
  orgId: number,
  conversationId: string,
  options: { providerMessageId?: string | null; status?: string } = {},
) {
  const id = newId();
  await testbed.deps.db.insert(messages).values({
    id,
    orgId,
    conversationId,
    direction: 'outbound',
    sender: 'agent',
    type: 'text',
    text: 'Hello from the shop',
    status: options.status ?? 'PENDING',
    providerMessageId: options.providerMessageId === undefined ? newWamid() : options.providerMessageId,
  });
  return id;
}

export const conversationsOf = (testbed: InboxTestbed, orgId: number, waId: string) =>
  testbed.deps.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.orgId, orgId), eq(conversations.waId, waId)))
    .orderBy(conversations.createdAt);

export const messagesOf = (testbed: InboxTestbed, orgId: number) =>
  testbed.deps.db
    .select()
    .from(messages)
    .where(eq(messages.orgId, orgId))
    .orderBy(messages.createdAt, messages.id);

export const eventsOf = async (testbed: InboxTestbed, orgId: number, type?: string) =>
  (await testbed.recordedEvents()).filter((e) => e.orgId === orgId && (!type || e.type === type));

/** Resolves once `predicate` holds, polling; fails after `timeoutMs`. */
export async function eventually(
  predicate: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
