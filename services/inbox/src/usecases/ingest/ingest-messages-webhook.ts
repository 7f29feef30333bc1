import { z } from 'zod';
import {
  inboundMessageSchema,
  messagesValueSchema,
  statusSchema,
  unixSecondsSchema,
  type InboundMessage,
} from '@inbox/whatsapp';
import type { InboxDeps } from '../../deps';
import { applyStatus } from './apply-status';
import { InboundBatcher } from './inbound-batcher';
import type { ReceiveMessageInput } from './receive-message';

/** The `messages` field's value with its items left unparsed: each item is read on its own. */
const valueSchema = messagesValueSchema.extend({
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
  errors: z.array(z.unknown()).optional(),
});

const commonFieldsSchema = z.looseObject({
  from: z.string().min(1),
  id: z.string().min(1),
  timestamp: unixSecondsSchema,
  type: z.string().min(1),
});

/**
 * A message in a shape this code does not expect is still stored (as unsupported, with what was
 * sent) rather than lost, as long as it can be deduplicated: it has an id, a sender and a time.
 */
function readMessage(deps: InboxDeps, orgId: number, raw: unknown): InboundMessage {
  const parsed = inboundMessageSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const common = commonFieldsSchema.parse(raw);
  const { from, id, timestamp, type } = common;
  deps.logger.warn(
    { orgId, providerMessageId: id, type, issues: parsed.error.issues },
    'inbound message of an unexpected shape; stored as unsupported',
  );
  return inboundMessageSchema.parse({
    from,
    id,
    timestamp,
    type: 'unsupported',
    unsupported: { type, unreadable: common[type] },
  });
}

function ownBatch(deps: InboxDeps) {
  const batcher = new InboundBatcher(deps, { maxBatch: MAX_MESSAGES_PER_CHANGE, maxInFlight: 1 });
  return (input: ReceiveMessageInput) => batcher.receive(input);
}

/** More than Meta ever puts in one change; a longer one is stored in several batches, in order. */
const MAX_MESSAGES_PER_CHANGE = 500;

/**
 * One `messages` webhook change: inbound messages and status reports of one phone number.
 * Every item is attempted; if any failed, the whole change fails afterwards so the bus redelivers
 * it — the items that succeeded are no-ops the second time.
 */
export async function ingestMessagesWebhook(
  deps: InboxDeps,
  rawValue: unknown,
  requestId?: string,
  /** When the gateway accepted the webhook: how long a status may wait for its message. */
  receivedAt?: Date,
  /**
   * How an inbound message is stored: the consumer passes its shared InboundBatcher. Alone, the
   * webhook's messages are one batch of their own, stored in order.
   */
  receive: (input: ReceiveMessageInput) => Promise<unknown> = ownBatch(deps),
): Promise<void> {
  const value = valueSchema.parse(rawValue);
  const phoneNumberId = value.metadata.phone_number_id;
  const orgId = await deps.channels.orgForPhoneNumberId(phoneNumberId);
  if (orgId === null) {
    // Acknowledged: the platform (and the bus) would otherwise retry a number nobody owns for days.
    deps.logger.warn({ phoneNumberId }, 'webhook for a phone number id no organization owns; dropped');
    return;
  }
  if (value.errors?.length)
    deps.logger.warn({ orgId, phoneNumberId, errors: value.errors }, 'the platform reported errors');

  const failures: unknown[] = [];
  const attempt = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      failures.push(error);
    }
  };
  // Submitted together, so a batching `receive` stores them in one transaction.
  await Promise.all(
    (value.messages ?? []).map((raw) =>
      attempt(() => {
        const message = readMessage(deps, orgId, raw);
        const profileName = value.contacts?.find((c) => c.wa_id === message.from)?.profile?.name ?? null;
        return receive({ orgId, message, profileName, requestId });
      }),
    ),
  );
  for (const raw of value.statuses ?? []) {
    await attempt(() => applyStatus(deps, { orgId, status: statusSchema.parse(raw), requestId, receivedAt }));
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, `${failures.length} webhook items failed`);
}
