import { eq } from 'drizzle-orm';
import {
  DEFAULT_BOT_SETTINGS,
  DEFAULT_ROUTING_RULES,
  INBOX_EVENTS,
  type BotCategory,
  type BotSettings,
  type EventEnvelope,
  type RoutingRules,
} from '@inbox/contracts';
import type { Simulator } from '@inbox/whatsapp-sim';
import { subscribeBot } from '../consumers/bot.consumer';
import { botConversationState, conversations, messages } from '../db/schema';
import { putBotCategories, putBotSettings, putRoutingRules } from '../usecases/bot/bot-config';
import { receiveMessage } from '../usecases/ingest/receive-message';
import { startConsumerHarness, type ConsumerHarness } from './consumer-harness';
import { messagingFixture } from './messaging-fixture';
import type { InboxTestbed } from './testbed';
import { inbound } from './webhook-builders';

/** Shared by the bot's integration tests (not by production code). */

export interface BotOrgOptions {
  settings?: Partial<BotSettings>;
  categories?: BotCategory[];
  routing?: Partial<RoutingRules>;
}

/** A customer message as the platform sends it: a text, or any type with its payload. */
export type CustomerInput = string | { type: string; payload: unknown };

/**
 * Organizations whose bot is on, each with its channel on its own WhatsApp simulator, and the bot's
 * consumer on an in-process bus: a customer message is stored as ingestion stores it, and its
 * `message.received` is delivered to the bot like the broker would.
 */
export function botFixture(firstOrgId: number) {
  const messaging = messagingFixture({ firstOrgId });
  let testbed: InboxTestbed | undefined;
  let consumer: ConsumerHarness | undefined;
  let nextCustomer = 5215560000000;

  const started = () => {
    if (!testbed || !consumer) throw new Error('The bot fixture is used before start()');
    return { testbed, consumer };
  };

  const receivedEvent = async (orgId: number, messageId: string): Promise<EventEnvelope> => {
    const events = await started().testbed.recordedEvents();
    const event = events.find(
      (e) => e.orgId === orgId && e.type === INBOX_EVENTS.messageReceived && e.data.messageId === messageId,
    );
    if (!event) throw new Error(`no message.received for ${messageId}`);
    return event as unknown as EventEnvelope;
  };

  return {
    async start(): Promise<InboxTestbed> {
      const opened = await messaging.start();
      testbed = opened;
      consumer = await startConsumerHarness((bus) => subscribeBot(opened.deps, bus));
      return {
        ...opened,
        close: async () => {
          await consumer?.close();
          await opened.close();
        },
      };
    },

    /**
     * A fresh organization with the bot on (the default settings unless given) and a customer's
     * number. Options may depend on the organization's id (its teams, made first in the directory).
     */
    async botOrg(given: BotOrgOptions | ((orgId: number) => BotOrgOptions) = {}) {
      const { deps, caller } = started().testbed;
      const { orgId, sim, agent } = await messaging.orgWithSimulator();
      const options = typeof given === 'function' ? given(orgId) : given;
      const admin = caller(orgId, 'ADMIN');
      if (options.categories)
        await putBotCategories(deps, admin, JSON.stringify({ data: options.categories }));
      await putBotSettings(
        deps,
        admin,
        JSON.stringify({ ...DEFAULT_BOT_SETTINGS, enabled: true, ...options.settings }),
      );
      if (options.routing)
        await putRoutingRules(deps, admin, JSON.stringify({ ...DEFAULT_ROUTING_RULES, ...options.routing }));
      return { orgId, sim, agent, admin, customer: String(nextCustomer++) };
    },

    /**
     * The customer writes: the message is stored, then its `message.received` reaches the bot
     * (`times` deliveries: more than one is a redelivery). Answers the stored message's ids and event.
     */
    async customerWrites(orgId: number, waId: string, input: CustomerInput, times = 1) {
      const { deps } = started().testbed;
      const message =
        typeof input === 'string'
          ? inbound(waId, 'text', { body: input })
          : inbound(waId, input.type, input.payload);
      const stored = await receiveMessage(deps, { orgId, message, profileName: 'Customer' });
      if (!stored.stored) throw new Error('the customer message was not stored');
      const event = await receivedEvent(orgId, stored.messageId);
      await started().consumer.deliver(event, times);
      return { conversationId: stored.conversationId, messageId: stored.messageId, event };
    },

    /** Delivers a `message.received` to the bot again. */
    deliver: (event: EventEnvelope, times = 1) => started().consumer.deliver(event, times),

    /** What the bot said on WhatsApp, in order: the texts, and the body of interactive messages. */
    async botSaid(sim: Simulator): Promise<string[]> {
      const sent = await messaging.sent(sim);
      return sent.map((s) => s.body.text?.body ?? s.body.interactive?.body?.text ?? `[${s.body.type}]`);
    },

    sent: messaging.sent,
    eventsOf: messaging.eventsOf,

    conversation: async (id: string) =>
      (await started().testbed.deps.db.select().from(conversations).where(eq(conversations.id, id)))[0],

    messagesOf: (conversationId: string) =>
      started()
        .testbed.deps.db.select()
        .from(messages)
        .where(eq(messages.conversationId, conversationId))
        .orderBy(messages.createdAt, messages.id),

    botState: async (conversationId: string) =>
      (
        await started()
          .testbed.deps.db.select()
          .from(botConversationState)
          .where(eq(botConversationState.conversationId, conversationId))
      )[0],
  };
}
