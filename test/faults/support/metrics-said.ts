import { QUEUES } from '@inbox/contracts';
import type { MetricsRecord } from './metrics-record';

/** What the processes' /metrics say about a fault run, summed over every incarnation of each. */
export function metricsSaid(metrics: MetricsRecord) {
  const gateway = (p: string) => p === 'gateway';
  const http5xx = metrics
    .samples('inbox_http_requests_total', gateway)
    .filter((s) => s.labels.status.startsWith('5') && s.value > 0);
  const webhooks = (outcome: string) =>
    metrics.sum(
      'inbox_bus_consumed_total',
      (l) => l.outcome === outcome && l.queue === QUEUES.inboxWebhooks,
      (p) => p === 'inbox',
    );
  return {
    gateway503ByRoute: Object.fromEntries(
      http5xx
        .filter((s) => s.labels.status === '503')
        .map((s) => [`${s.labels.method} ${s.labels.route}`, s.value]),
    ),
    gatewayOther5xx: http5xx
      .filter((s) => s.labels.status !== '503')
      .map((s) => ({ route: `${s.labels.method} ${s.labels.route}`, status: s.labels.status, n: s.value })),
    /** The services' answers that become a 500 at the gateway. */
    grpcInternal: metrics
      .samples('inbox_grpc_server_handled_total')
      .filter((s) => ['INTERNAL', 'UNKNOWN'].includes(s.labels.code) && s.value > 0)
      .map((s) => ({ process: s.process, method: s.labels.method, code: s.labels.code, n: s.value })),
    inboxWebhooks: { acked: webhooks('acked'), retried: webhooks('retried'), parked: webhooks('parked') },
    parkedNow: metrics.gauge('inbox_bus_parked_messages'),
    campaignSends: Object.fromEntries(
      ['sent', 'failed', 'retry', 'paused', 'unknown'].map((o) => [
        o,
        metrics.sum('inbox_campaign_sends_total', (l) => l.outcome === o),
      ]),
    ) as Record<'sent' | 'failed' | 'retry' | 'paused' | 'unknown', number>,
    unansweredScrapes: Object.fromEntries(metrics.unanswered),
  };
}

/** Scrapes `running` until no outbox holds an unpublished event (or `timeoutMs`); the backlog left. */
export async function outboxesDrained(
  metrics: MetricsRecord,
  running: string[],
  timeoutMs: number,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await metrics.scrape(running);
    const backlog = metrics.gauge('inbox_outbox_backlog');
    if (backlog === 0 || Date.now() > deadline) return backlog;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
