import { Counter, Gauge, Histogram, register } from 'prom-client';

/*
 * Every metric the product exposes, in one place: dashboards, alerts and the deploy tests read
 * these names. One process-wide registry (prom-client's default): the all-in-one process hosts
 * every service, so per-service metrics carry a `service` label. Gauges of things owned elsewhere
 * (a database's outbox, a broker's queue) are filled by scrape hooks (`onScrape`) just before a
 * scrape, never by polling.
 */

export const METRIC_PREFIX = 'inbox_';

/** Seconds; from 1 ms (a cached read) to 30 s (a gRPC deadline). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds; an event's age when consumed: from immediate to a queue drained after an outage. */
const LAG_BUCKETS = [0.005, 0.025, 0.1, 0.5, 1, 5, 15, 60, 300, 1800];

function metric<T>(name: string, make: () => T): T {
  // Tests import the catalog from several module graphs in one process (jest's ESM + dist); a
  // second registration under the same name would throw, so an existing metric is reused.
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

export const httpRequests = metric(
  'inbox_http_requests_total',
  () =>
    new Counter({
      name: 'inbox_http_requests_total',
      help: 'HTTP requests answered, by route template (never the raw path), method and status',
      labelNames: ['service', 'method', 'route', 'status'] as const,
    }),
);

export const httpRequestDuration = metric(
  'inbox_http_request_duration_seconds',
  () =>
    new Histogram({
      name: 'inbox_http_request_duration_seconds',
      help: 'HTTP request latency, from the first byte read to the answer sent',
      labelNames: ['service', 'method', 'route', 'status'] as const,
      buckets: LATENCY_BUCKETS,
    }),
);

export const grpcHandled = metric(
  'inbox_grpc_server_handled_total',
  () =>
    new Counter({
      name: 'inbox_grpc_server_handled_total',
      help: 'gRPC calls served, by method (/package.Service/Method) and status code name (OK, NOT_FOUND, …)',
      labelNames: ['service', 'method', 'code'] as const,
    }),
);

export const grpcHandlingSeconds = metric(
  'inbox_grpc_server_handling_seconds',
  () =>
    new Histogram({
      name: 'inbox_grpc_server_handling_seconds',
      help: 'gRPC call latency in the serving process',
      labelNames: ['service', 'method', 'code'] as const,
      buckets: LATENCY_BUCKETS,
    }),
);

export const outboxBacklog = metric(
  'inbox_outbox_backlog',
  () =>
    new Gauge({
      name: 'inbox_outbox_backlog',
      help: 'Committed events not yet published to the bus (read at scrape time)',
      labelNames: ['service'] as const,
    }),
);

export const outboxOldestAge = metric(
  'inbox_outbox_oldest_age_seconds',
  () =>
    new Gauge({
      name: 'inbox_outbox_oldest_age_seconds',
      help: 'Age of the oldest unpublished outbox event, 0 when none (read at scrape time)',
      labelNames: ['service'] as const,
    }),
);

export const busConsumed = metric(
  'inbox_bus_consumed_total',
  () =>
    new Counter({
      name: 'inbox_bus_consumed_total',
      help: 'Bus deliveries handled, by queue and outcome: acked, retried (requeued with a delay), parked (dead-lettered)',
      labelNames: ['service', 'queue', 'outcome'] as const,
    }),
);

export const busConsumerLag = metric(
  'inbox_bus_consumer_lag_seconds',
  () =>
    new Histogram({
      name: 'inbox_bus_consumer_lag_seconds',
      help: "Age of an event when its consumer finished it (now − the envelope's occurredAt)",
      labelNames: ['service', 'queue'] as const,
      buckets: LAG_BUCKETS,
    }),
);

export const busQueueDepth = metric(
  'inbox_bus_queue_depth',
  () =>
    new Gauge({
      name: 'inbox_bus_queue_depth',
      help: 'Messages ready in a queue this process consumes (read at scrape time)',
      labelNames: ['queue'] as const,
    }),
);

export const busParked = metric(
  'inbox_bus_parked_messages',
  () =>
    new Gauge({
      name: 'inbox_bus_parked_messages',
      help: 'Messages parked (dead-lettered) for a queue this process consumes, waiting for a replay (read at scrape time)',
      labelNames: ['queue'] as const,
    }),
);

export const campaignSends = metric(
  'inbox_campaign_sends_total',
  () =>
    new Counter({
      name: 'inbox_campaign_sends_total',
      help: 'Campaign sends by outcome: sent (WhatsApp accepted), failed (recipient failed), retry (backed off), paused (campaign paused), unknown (outcome never known: not sent again)',
      labelNames: ['outcome'] as const,
    }),
);

export const campaignRateWait = metric(
  'inbox_campaign_rate_wait_seconds',
  () =>
    new Histogram({
      name: 'inbox_campaign_rate_wait_seconds',
      help: "Time a send waited for its phone number's token bucket",
      buckets: [0, 0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    }),
);

export const dbPoolConnections = metric(
  'inbox_db_pool_connections',
  () =>
    new Gauge({
      name: 'inbox_db_pool_connections',
      help: "A service's PostgreSQL pool: total, idle, and waiting (callers queued for a connection); read at scrape time",
      labelNames: ['service', 'state'] as const,
    }),
);

type ScrapeHook = () => Promise<void>;
const scrapeHooks = new Set<ScrapeHook>();

/**
 * Runs `hook` before every scrape (to set gauges read from a database or a broker); the returned
 * function removes it (a stopped app must not keep its pool alive through the registry).
 */
export function onScrape(hook: ScrapeHook): () => void {
  scrapeHooks.add(hook);
  return () => scrapeHooks.delete(hook);
}

/**
 * Runs the scrape hooks side by side, each given `timeoutMs`: a hook that fails or is late leaves
 * its gauges at their last values (a database that is down must not make /metrics fail too).
 */
export async function runScrapeHooks(timeoutMs = 2000): Promise<void> {
  await Promise.all(
    [...scrapeHooks].map((hook) =>
      Promise.race([
        hook().catch(() => undefined),
        new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref()),
      ]),
    ),
  );
}
