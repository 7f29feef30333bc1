import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@inbox/contracts';
import { newId } from '../ids';
import { createLogger } from '../logger';
import { RabbitMqBus } from './rabbitmq-bus';

const d = process.env.AMQP_URL ? describe : describe.skip;
const logger = createLogger('test', 'silent');

d('RabbitMQ namespaces', () => {
  let a: RabbitMqBus;
  let b: RabbitMqBus;
  beforeAll(async () => {
    const run = randomBytes(3).toString('hex');
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
});
