import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import { createLogger } from '../logger';
import { busConsumed, busConsumerLag, busParked, busQueueDepth, runScrapeHooks } from '../metrics/catalog';
import { currentRequestId } from '../request-scope';
import { openTestDatabase } from '../testing/test-database';
import type { EventBus, OutgoingEvent } from './bus';
import { DurableBus } from './durable-bus';
import { InProcessBus } from './in-process-bus';
import { RabbitMqBus } from './rabbitmq-bus';

// What every bus reports of its consumers: outcomes, lag, queue gauges, and the publisher's request id.
const logger = createLogger('bus-metrics-test', 'silent');
const run = `m${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
let database: Database | undefined;
afterAll(() => database?.close());

const buses: Array<[string, () => Promise<EventBus>]> = [
  ['InProcessBus', async () => new InProcessBus(logger)],
  ['DurableBus', async () => DurableBus.open((database ??= await openTestDatabase()), logger)],
  ...(process.env.AMQP_URL
    ? [
        [
          'RabbitMqBus',
          () =>
            RabbitMqBus.connect(process.env.AMQP_URL as string, logger, { namespace: run, ephemeral: true }),
        ] as [string, () => Promise<EventBus>],
      ]
    : []),
];

let seq = 0;
const makeEvent = (type: string, requestId: string): OutgoingEvent => ({
  envelope: {
    id: `${run}-${++seq}`,
    type,
    orgId: 1,
    occurredAt: new Date(Date.now() - 2_000).toISOString(),
    data: {},
  },
  headers: { 'x-request-id': requestId },
});

async function eventually(predicate: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const labelsOf = (queue: string) => ({ service: 'bus-metrics-test', queue });
const consumed = async (queue: string, outcome: string) =>
  (await busConsumed.get()).values.find((v) => v.labels.queue === queue && v.labels.outcome === outcome)
    ?.value ?? 0;
const gauge = async (metric: typeof busParked, queue: string) =>
  (await metric.get()).values.find((v) => v.labels.queue === queue)?.value;

describe.each(buses)('%s', (kind, openBus) => {
  let bus: EventBus;
  beforeAll(async () => {
    bus = await openBus();
  });
  afterAll(() => bus.close());

  it('counts acked, retried and parked deliveries, and a parked one shows in the parked gauge', async () => {
    const queue = `${run}.${kind}.parking`;
    const seen = new Map<string, string | undefined>();
    const failedOnce = new Set<string>();
    let fixed = false;
    await bus.subscribe(
      { queue, bindings: [`${queue}.#`], maxAttempts: 2, retryBaseMs: 10 },
      async (event) => {
        seen.set(event.type, currentRequestId());
        if (event.type.endsWith('.poison') && !fixed) throw new Error('never works');
        if (event.type.endsWith('.flaky') && !failedOnce.has(event.id)) {
          failedOnce.add(event.id);
          throw new Error('works the second time');
        }
      },
    );
    await bus.publish([makeEvent(`${queue}.poison`, 'req-poison'), makeEvent(`${queue}.flaky`, 'req-flaky')]);
    await eventually(
      async () => (await consumed(queue, 'parked')) === 1 && (await consumed(queue, 'acked')) === 1,
    );

    expect(await consumed(queue, 'retried')).toBe(2); // each failed its first attempt
    // Each handler ran as part of the request that published its event.
    expect(Object.fromEntries(seen)).toEqual({
      [`${queue}.poison`]: 'req-poison',
      [`${queue}.flaky`]: 'req-flaky',
    });
    // Lag of the handled event only: it occurred two seconds before it was published.
    const lag = (await busConsumerLag.get()).values.find(
      (v) => v.metricName === 'inbox_bus_consumer_lag_seconds_sum' && v.labels.queue === queue,
    );
    expect(lag?.labels).toEqual(labelsOf(queue));
    expect(lag?.value).toBeGreaterThanOrEqual(2);

    if (kind === 'InProcessBus') return; // process-local: no queue of the broker's or the database's to gauge
    await runScrapeHooks();
    expect(await gauge(busParked, queue)).toBe(1);
    expect(await gauge(busQueueDepth, queue)).toBe(0);
    // Replayed once its handler is fixed: handled, and the gauge follows.
    fixed = true;
    expect(await bus.replayDeadLetters(queue)).toBe(1);
    await eventually(async () => (await consumed(queue, 'acked')) === 2);
    await runScrapeHooks();
    expect(await gauge(busParked, queue)).toBe(0);
  });
});
