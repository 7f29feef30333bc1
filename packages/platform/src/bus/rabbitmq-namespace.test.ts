import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@inbox/contracts';
import { newId } from '../ids';
import { createLogger } from '../logger';
import { RabbitMqBus } from './rabbitmq-bus';

const d = process.env.AMQP_URL ? describe : describe.skip;
const logger = createLogger('test', 'silent');

d('RabbitMQ namespaces', () => {
  const run = randomBytes(3).toString('hex');
  let a: RabbitMqBus;
  let b: RabbitMqBus;
  beforeAll(async () => {
    a = await RabbitMqBus.connect(process.env.AMQP_URL!, logger, { namespace: `nsa${run}`, ephemeral: true });
    b = await RabbitMqBus.connect(process.env.AMQP_URL!, logger, { namespace: `nsb${run}`, ephemeral: true });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('keep two buses with the same queue names apart on one broker', async () => {
    const seenByA: string[] = [];
    const seenByB: string[] = [];
    const spec = { queue: 'same.queue', bindings: ['test.thing.#'] };
    await a.subscribe(spec, async (e) => void seenByA.push(e.id));
    await b.subscribe(spec, async (e) => void seenByB.push(e.id));
    const event = (id: string): EventEnvelope => ({
      id,
      type: 'test.thing.happened.v1',
      orgId: 1,
      occurredAt: new Date().toISOString(),
      data: {},
    });
    const forA = newId();
    const forB = newId();
    await a.publish([{ envelope: event(forA) }]);
    await b.publish([{ envelope: event(forB) }]);
    const deadline = Date.now() + 5_000;
    while ((seenByA.length < 1 || seenByB.length < 1) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    expect(seenByA).toEqual([forA]);
    expect(seenByB).toEqual([forB]);
  });

  it("count a queue's consumers: every process of the namespace, no other's", async () => {
    const a2 = await RabbitMqBus.connect(process.env.AMQP_URL!, logger, {
      namespace: `nsa${run}`,
      ephemeral: true,
    });
    try {
      const spec = { queue: 'counted.queue', bindings: ['test.counted.#'] };
      await a.subscribe(spec, async () => undefined);
      await a2.subscribe(spec, async () => undefined);
      expect(await a.consumerCount('counted.queue')).toBe(2);
      expect(await a2.consumerCount('counted.queue')).toBe(2);
      // The other namespace has no such queue: the broker cannot say.
      expect(await b.consumerCount('counted.queue')).toBeUndefined();
      await a2.close();
      expect(await a.consumerCount('counted.queue')).toBe(1);
    } finally {
      await a2.close();
    }
  });
});
