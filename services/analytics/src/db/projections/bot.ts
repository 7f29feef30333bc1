import { INBOX_EVENTS, inboxEventSchemas } from '@inbox/contracts';
import { occurredAt, type ProjectionTable } from '../../projections/projection';
import { botTurns } from '../schema';

/** The bot's turns, one row per event (keyed by its id: applied twice, still one row). */
export const botProjections: ProjectionTable = {
  [INBOX_EVENTS.botReplied]: async (tx, event) => {
    const data = inboxEventSchemas[INBOX_EVENTS.botReplied].parse(event.data);
    await tx
      .insert(botTurns)
      .values({
        eventId: event.id,
        orgId: event.orgId,
        conversationId: data.conversationId,
        kind: data.kind,
        intent: data.intent,
        confidence: data.confidence,
        at: occurredAt(event),
      })
      .onConflictDoNothing();
  },

  [INBOX_EVENTS.botFallback]: async (tx, event) => {
    const data = inboxEventSchemas[INBOX_EVENTS.botFallback].parse(event.data);
    await tx
      .insert(botTurns)
      .values({
        eventId: event.id,
        orgId: event.orgId,
        conversationId: data.conversationId,
        kind: 'fallback',
        intent: null,
        confidence: data.confidence,
        at: occurredAt(event),
      })
      .onConflictDoNothing();
  },
};
