import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@inbox/platform';
import { botConfig, botConversationState, channels, conversations } from '../schema';

export type BotStateRow = typeof botConversationState.$inferSelect;

/** What a turn leaves in the bot's memory of a conversation. */
export interface BotTurnState {
  greeted: boolean;
  consecutiveFallbacks: number;
  lastIntent: string | null;
  lastTurnMessageId: string;
}

/** A BOT_HANDLING conversation silent longer than its organization allows. */
export interface InactiveBotConversation {
  orgId: number;
  id: string;
  /** The organization's `inactivityCloseHours` when it was found. */
  hours: number;
}

const byConversation = (orgId: number, conversationId: string) =>
  and(eq(botConversationState.orgId, orgId), eq(botConversationState.conversationId, conversationId));

export const botStateRepository = {
  find: async (db: Db, orgId: number, conversationId: string): Promise<BotStateRow | undefined> =>
    (await db.select().from(botConversationState).where(byConversation(orgId, conversationId)))[0],

  /** Records a turn (the conversation is locked by the caller, so turns write one after the other). */
  saveTurn: async (
    tx: Db,
    orgId: number,
    conversationId: string,
    state: BotTurnState,
    at: Date,
  ): Promise<void> => {
    await tx
      .insert(botConversationState)
      .values({ orgId, conversationId, ...state, updatedAt: at })
      .onConflictDoUpdate({ target: botConversationState.conversationId, set: { ...state, updatedAt: at } });
  },

  /**
   * The bot takes a conversation back from people: its context starts now (the agent's summary
   * carries what came before), misunderstandings start again from zero, and no second greeting.
   */
  resume: async (tx: Db, orgId: number, conversationId: string, at: Date): Promise<void> => {
    const state = { greeted: true, consecutiveFallbacks: 0, contextSince: at, updatedAt: at };
    await tx
      .insert(botConversationState)
      .values({ orgId, conversationId, ...state })
      .onConflictDoUpdate({ target: botConversationState.conversationId, set: state });
  },

  /**
   * BOT_HANDLING conversations of organizations whose bot is on, silent (no message either way)
   * for their organization's `inactivityCloseHours` (the default when never configured), longest
   * silent first. Across organizations: the sweeper acts for all of them.
   */
  inactive: (db: Db, now: Date, defaultHours: number, limit: number): Promise<InactiveBotConversation[]> => {
    const hours = sql<number>`coalesce((${botConfig.settings}->>'inactivityCloseHours')::int, ${defaultHours})`;
    const lastActivity = sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`;
    return db
      .select({ orgId: conversations.orgId, id: conversations.id, hours })
      .from(conversations)
      .innerJoin(channels, and(eq(channels.orgId, conversations.orgId), eq(channels.botEnabled, true)))
      .leftJoin(botConfig, eq(botConfig.orgId, conversations.orgId))
      .where(
        and(
          eq(conversations.status, 'BOT_HANDLING'),
          sql`${lastActivity} < ${now.toISOString()}::timestamptz - make_interval(hours => ${hours})`,
        ),
      )
      .orderBy(asc(lastActivity))
      .limit(limit);
  },
};
