import { QUEUES } from '@inbox/contracts';
import { idempotent, type EventBus, type EventHandler, type SubscriptionSpec } from '@inbox/platform';
import { outbox, processedEvents } from '../db/schema';
import type { AnalyticsDeps } from '../deps';
import { ANALYTICS_BINDINGS, applyEvent } from '../projections';
import { toldByHistory } from '../rebuild/told-by-history';

/**
 * Every event the read models are built from, one at a time in the queue's order. Some facts need
 * their events in order: an agent's reply applied before the customer message it answers would
 * not count as a first response (measured with 32 at once against RabbitMQ: replies lost). Until
 * the projections keep what they need to be order-free, one consumer with prefetch 1 (and one
 * replica) keeps the order the services published in. An event about a conversation or campaign
 * whose creation is not applied yet fails with NOT_PROJECTED_YET and is retried; the retries span
 * about a minute and a half before the event is parked.
 */
export const ANALYTICS_EVENTS_SUBSCRIPTION = {
  queue: QUEUES.analyticsEvents,
  bindings: ANALYTICS_BINDINGS,
  prefetch: 1,
  maxAttempts: 10,
  retryBaseMs: 250,
} satisfies SubscriptionSpec;

/** The consumer name of the claims in processed_events (the rebuild claims its events under it too). */
export const ANALYTICS_EVENTS_CONSUMER = 'analytics.events';

/**
 * applyEvent in a transaction that first claims the event in processed_events: a redelivered
 * event changes nothing, message slot counts included (they have no key of their own). After a
 * rebuild, an event the history already told is acknowledged without applying it
 * (rebuild/told-by-history.ts); while a rebuild runs, events wait.
 */
export const analyticsEventsHandler = (deps: AnalyticsDeps): EventHandler =>
  idempotent(deps.db, { outbox, processedEvents }, ANALYTICS_EVENTS_CONSUMER, async (tx, event) => {
    if (await toldByHistory(tx, ANALYTICS_EVENTS_CONSUMER, event)) {
      deps.logger.debug({ eventId: event.id, type: event.type }, 'told by the rebuild already: skipped');
      return;
    }
    await applyEvent(tx, event);
  });

export async function subscribeAnalyticsEvents(deps: AnalyticsDeps, bus: EventBus): Promise<void> {
  await bus.subscribe(ANALYTICS_EVENTS_SUBSCRIPTION, analyticsEventsHandler(deps));
}
