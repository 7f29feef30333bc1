import { QUEUES } from '@inbox/contracts';
import { idempotent, type EventBus, type EventHandler, type SubscriptionSpec } from '@inbox/platform';
import { outbox, processedEvents } from '../db/schema';
import type { AnalyticsDeps } from '../deps';
import { ANALYTICS_BINDINGS, applyEvent } from '../projections';

/**
 * Every event the read models are built from. A projection is a few short statements under one
 * conversation's (or recipient's) lock, so many run at once. An event about a conversation or
 * campaign whose creation is not applied yet (delivered first, or being applied beside it) fails
 * with NOT_PROJECTED_YET and is retried; the retries span about a minute and a half before the
 * event is parked.
 */
export const ANALYTICS_EVENTS_SUBSCRIPTION = {
  queue: QUEUES.analyticsEvents,
  bindings: ANALYTICS_BINDINGS,
  prefetch: 32,
  maxAttempts: 10,
  retryBaseMs: 250,
} satisfies SubscriptionSpec;

/**
 * applyEvent in a transaction that first claims the event in processed_events: a redelivered
 * event changes nothing, message slot counts included (they have no key of their own).
 */
export const analyticsEventsHandler = (deps: AnalyticsDeps): EventHandler =>
  idempotent(deps.db, { outbox, processedEvents }, 'analytics.events', (tx, event) => applyEvent(tx, event));

export async function subscribeAnalyticsEvents(deps: AnalyticsDeps, bus: EventBus): Promise<void> {
  await bus.subscribe(ANALYTICS_EVENTS_SUBSCRIPTION, analyticsEventsHandler(deps));
}
