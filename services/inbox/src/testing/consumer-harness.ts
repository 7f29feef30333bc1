import type { EventEnvelope } from '@inbox/contracts';
import { createLogger, InProcessBus, newId, type EventBus, type SubscriptionSpec } from '@inbox/platform';

/**
 * One consumer subscribed to its own in-process bus, watched: a test sees the subscription it
 * asked for and can wait until a delivery was handled, even one that changes nothing.
 */
export interface ConsumerHarness {
  spec(): SubscriptionSpec;
  /** Publishes the event `times` times and waits until each delivery was handled. */
  deliver(event: EventEnvelope, times?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startConsumerHarness(
  subscribe: (bus: EventBus) => Promise<void>,
): Promise<ConsumerHarness> {
  const bus = new InProcessBus(createLogger('test', 'silent'));
  const handled: string[] = [];
  let spec: SubscriptionSpec | undefined;
  const watched = Object.create(bus) as EventBus;
  watched.subscribe = (s, handler) => {
    spec = s;
    return bus.subscribe(s, async (event, info) => {
      await handler(event, info);
      handled.push(event.id);
    });
  };
  await subscribe(watched);
  return {
    spec: () => {
      if (!spec) throw new Error('the consumer did not subscribe');
      return spec;
    },
    deliver: async (event, times = 1) => {
      const before = handled.length;
      for (let i = 0; i < times; i++)
        await bus.publish([{ envelope: event, headers: { 'x-request-id': 'req-1' } }]);
      for (let i = 0; i < 500 && handled.length < before + times; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      if (handled.length < before + times) throw new Error(`${event.type} was not handled in time`);
    },
    close: () => bus.close(),
  };
}

/** An event as another service publishes it. */
export const envelopeOf = (orgId: number, type: string, data: Record<string, unknown>): EventEnvelope => ({
  id: newId(),
  type,
  orgId,
  occurredAt: new Date().toISOString(),
  data,
});
