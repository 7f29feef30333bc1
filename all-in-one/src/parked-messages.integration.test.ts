import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import amqp from 'amqplib';
import {
  createLogger,
  DurableBus,
  newId,
  openPglite,
  RabbitMqBus,
  type EventBus,
  type OutgoingEvent,
} from '@inbox/platform';
import { parkedMessagesCommand } from './parked-messages';

const logger = createLogger('test', 'silent');
const run = `cli${randomBytes(4).toString('hex')}`;
const event = (): OutgoingEvent => ({
  envelope: {
    id: newId(),
    type: `${run}.thing.v1`,
    orgId: 1,
    occurredAt: new Date().toISOString(),
    data: {},
  },
});

async function eventually(predicate: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Subscribes a handler that fails until `healed`, parking at the first failure. */
async function subscribeFlaky(bus: EventBus, queue: string) {
  const state = { healed: false, handled: [] as string[] };
  await bus.subscribe({ queue, bindings: [`${run}.#`], maxAttempts: 1 }, async (e) => {
    if (!state.healed) throw new Error('downstream was broken');
    state.handled.push(e.id);
  });
  return state;
}

async function command(argv: string[], env: NodeJS.ProcessEnv) {
  const lines: string[] = [];
  const code = await parkedMessagesCommand(argv, env, logger, (line) => lines.push(line));
  return { code, lines };
}

describe('bus:parked and bus:replay', () => {
  it('explains themselves when called without a queue', async () => {
    const { code, lines } = await command(['replay'], {});
    expect(code).toBe(2);
    expect(lines[0]).toContain('npm run bus:replay -- <queue> [id ...]');
  });

  it("list and replay the all-in-one's parked messages in its data directory", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bus-cli-'));
    const queue = `${run}.embedded`;
    const parked = event();
    try {
      let database = await openPglite(path.join(dataDir, 'pglite'));
      let bus = await DurableBus.open(database, logger);
      await subscribeFlaky(bus, queue);
      await bus.publish([parked]);
      await eventually(async () => (await bus.deadLetters(queue)).length === 1);
      await bus.close();
      await database.close();

      const listed = await command(['parked', queue], { DATA_DIR: dataDir });
      expect(listed.code).toBe(0);
      expect(listed.lines.map((line) => JSON.parse(line).event.id)).toEqual([parked.envelope.id]);
      expect(await command(['replay', queue], { DATA_DIR: dataDir })).toEqual({
        code: 0,
        lines: [`1 parked message(s) put back on ${queue}`],
      });

      // The next start delivers it again.
      database = await openPglite(path.join(dataDir, 'pglite'));
      bus = await DurableBus.open(database, logger);
      const state = await subscribeFlaky(bus, queue);
      state.healed = true;
      await eventually(() => state.handled.includes(parked.envelope.id));
      expect(await bus.deadLetters(queue)).toEqual([]);
      await bus.close();
      await database.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000); // three starts of an embedded database on disk, on a loaded machine

  (process.env.AMQP_URL ? it : it.skip)('list and replay parked messages on RabbitMQ', async () => {
    const url = process.env.AMQP_URL as string;
    const queue = `${run}.broker`;
    const bus = await RabbitMqBus.connect(url, logger);
    const [kept, replayed] = [event(), event()];
    try {
      const state = await subscribeFlaky(bus, queue);
      await bus.publish([kept, replayed]);
      await eventually(async () => (await bus.deadLetters(queue)).length === 2);

      const listed = await command(['parked', queue], { AMQP_URL: url });
      const letters = listed.lines.map((line) => JSON.parse(line));
      expect(letters.map((l) => l.event.id).sort()).toEqual([kept.envelope.id, replayed.envelope.id].sort());
      const id = letters.find((l) => l.event.id === replayed.envelope.id).id;

      state.healed = true;
      expect((await command(['replay', queue, id], { AMQP_URL: url })).lines).toEqual([
        `1 parked message(s) put back on ${queue}`,
      ]);
      await eventually(() => state.handled.includes(replayed.envelope.id));
      expect((await bus.deadLetters(queue)).map((l) => l.event.id)).toEqual([kept.envelope.id]);
    } finally {
      await bus.close();
      const admin = await amqp.connect(url);
      const channel = await admin.createChannel();
      for (const name of [queue, `${queue}.dead`]) await channel.deleteQueue(name);
      await admin.close();
    }
  });
});
